import cors from '@koa/cors';
import type { Middleware } from 'koa';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../routes/idempotency-header.js';
import { RATE_LIMIT_HEADER, RATE_LIMIT_POLICY_HEADER } from '../rate-limit/rate-limit.js';
import { REQUEST_ID_HEADER } from './request-context.js';

/** Response headers a browser script may read: everything the document promises. */
const EXPOSED_HEADERS = [
  'Link',
  'Location',
  'Sunset',
  'Deprecation',
  'Retry-After',
  'WWW-Authenticate',
  REQUEST_ID_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  RATE_LIMIT_POLICY_HEADER,
  RATE_LIMIT_HEADER,
];

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
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });
}
