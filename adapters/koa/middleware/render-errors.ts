import type { Context, Middleware } from 'koa';
import { ApiError } from '@petstore/http/errors/api-error.js';
import { apiErrorOf } from '@petstore/http/errors/api-error-of.js';
import { methodNotAllowed, noResourceHere } from '@petstore/http/errors/method-errors.js';
import { logFailure } from '@petstore/http/logs/failure-log.js';
import { requestLogger } from '../request/request-logger.js';
import { recordRequestFailure } from '../request/request-span.js';
import { sendAnswer } from './send-answer.js';

/**
 * Every error, whoever raised it, leaves as the Error body. It runs third, inside the request
 * context and the security headers, so that an error response still carries its request id and
 * those headers; everything that can throw runs inside it. Requests no route served (no route,
 * wrong method) become errors here too.
 */
export function renderErrors(): Middleware {
  return async function renderError(ctx, next) {
    try {
      await next();
      const unrouted = unroutedRequestError(ctx);
      if (unrouted) throw unrouted;
    } catch (error) {
      const apiError = apiErrorOf(error);
      if (logFailure(error, apiError, () => requestLogger(ctx), { method: ctx.method, path: ctx.path }))
        recordRequestFailure(ctx, error);
      sendAnswer(ctx, apiError.status, apiError.toBody(), Object.entries(apiError.options.headers ?? {}));
    }
  };
}

/**
 * The router leaves a request it did not serve with 404 (no route at this path) or 405 (a route, not
 * this method), the latter with `Allow` set to the methods the path answers. A method no route
 * anywhere answers is refused before the routes (implemented-methods.ts).
 */
function unroutedRequestError(ctx: Context): ApiError | undefined {
  if (ctx.status === 405) return methodNotAllowed(ctx.method, ctx.response.get('Allow'));
  if (ctx.status === 404) return noResourceHere();
  return undefined;
}
