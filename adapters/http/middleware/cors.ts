import cors from '@koa/cors';
import type { Middleware } from 'koa';
import { IDEMPOTENCY_KEY_HEADER, REQUEST_ID_HEADER } from '../wire/header-names.js';

/**
 * CORS for exactly the listed origins (scheme://host[:port]); any other origin gets no CORS
 * headers, so its browser keeps the response from its script. A preflight of a listed origin is
 * served here, before the key check, since browsers never send credentials on one.
 * `exposeHeaders`: what a script may read of a response, which is every header the document promises.
 */
export function corsFor(
  origins: readonly string[],
  { exposeHeaders }: { exposeHeaders: readonly string[] },
): Middleware {
  const allowed = new Set(origins);
  return cors({
    origin: (ctx) => (allowed.has(ctx.get('Origin')) ? ctx.get('Origin') : ''),
    allowMethods: ['GET', 'HEAD', 'POST'],
    allowHeaders: ['Authorization', 'Content-Type', REQUEST_ID_HEADER, IDEMPOTENCY_KEY_HEADER],
    exposeHeaders: [...exposeHeaders],
    maxAge: 600,
  });
}
