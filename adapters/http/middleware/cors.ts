import cors from '@koa/cors';
import type { Middleware } from 'koa';
import { IDEMPOTENCY_KEY_HEADER } from '../routes/idempotency-header.js';
import { RESPONSE_HEADER_NAMES } from '../openapi/response-headers.js';
import { REQUEST_ID_HEADER } from './request-context.js';

/**
 * CORS for exactly the listed origins (scheme://host[:port]); any other origin gets no CORS
 * headers, so its browser keeps the answer from its script. A preflight of a listed origin is
 * answered here, before the key check, since browsers never send credentials on one.
 */
export function corsFor(origins: readonly string[]): Middleware {
  const allowed = new Set(origins);
  return cors({
    origin: (ctx) => (allowed.has(ctx.get('Origin')) ? ctx.get('Origin') : ''),
    allowMethods: ['GET', 'HEAD', 'POST'],
    allowHeaders: ['Authorization', 'Content-Type', REQUEST_ID_HEADER, IDEMPOTENCY_KEY_HEADER],
    exposeHeaders: RESPONSE_HEADER_NAMES,
    maxAge: 600,
  });
}
