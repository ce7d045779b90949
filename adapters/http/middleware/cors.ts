import cors from '@koa/cors';
import type { Middleware } from 'koa';
import { CORS_REQUEST_HEADERS } from '../request/header-names.js';

/**
 * CORS for exactly the listed origins (scheme://host[:port]); any other origin gets no CORS
 * headers, so its browser keeps the response from its script. A preflight of a listed origin is
 * served here, before the key check, since browsers never send credentials on one.
 * `allowMethods`: the API's operations' methods. `exposeHeaders`: what a script may read of a response,
 * which is every header the document promises.
 */
export function corsFor(
  origins: readonly string[],
  { allowMethods, exposeHeaders }: { allowMethods: readonly string[]; exposeHeaders: readonly string[] },
): Middleware {
  const allowed = new Set(origins);
  return cors({
    origin: (ctx) => (allowed.has(ctx.get('Origin')) ? ctx.get('Origin') : ''),
    allowMethods: [...allowMethods],
    allowHeaders: CORS_REQUEST_HEADERS,
    exposeHeaders: [...exposeHeaders],
    maxAge: 600,
  });
}
