import type { Middleware } from 'koa';
import { addResponseHeaders } from '../../response/response-headers.js';

/** getPet is removed on this date (RFC 8594 Sunset, an HTTP-date). */
export const GET_PET_SUNSET = 'Thu, 05 Dec 2030 00:00:00 GMT';
/** getPet has been deprecated since 2026-11-22T00:00:00Z (RFC 9745 Deprecation, a structured date). */
export const GET_PET_DEPRECATION = '@1795305600';

/**
 * Marks every response of the deprecated operation, errors included, so clients see it is going
 * away. Set before the handler runs, so an error response keeps them.
 */
export function deprecated(): Middleware {
  return async function markDeprecated(ctx, next) {
    addResponseHeaders(ctx, ['Deprecation', GET_PET_DEPRECATION], ['Sunset', GET_PET_SUNSET]);
    await next();
  };
}
