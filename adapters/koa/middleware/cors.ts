import type { Middleware } from 'koa';
import { corsPolicy } from '@petstore/http/contract/cors.js';

/**
 * The contract's CORS (contract/cors.ts) on every response of the Koa app, its docs and probes too:
 * the headers set on the response, where an error response keeps them, and a preflight of a listed
 * origin answered 204 here, before the key check. `allowMethods`: the API's operations' methods.
 * `exposeHeaders`: what a script may read of a response, which is every header the document promises.
 */
export function corsFor(
  origins: readonly string[],
  options: { allowMethods: readonly string[]; exposeHeaders: readonly string[] },
): Middleware {
  const corsOf = corsPolicy(origins, options);
  return async function answerCors(ctx, next) {
    const { headers, preflight } = corsOf({
      method: ctx.method,
      header: (name) => ctx.req.headers[name] as string | undefined,
    });
    for (const [name, value] of headers) ctx.set(name, value);
    if (preflight) {
      ctx.status = 204;
      return;
    }
    await next();
  };
}
