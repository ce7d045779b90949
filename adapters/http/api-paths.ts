import Router from '@koa/router';
import type { Middleware } from 'koa';
import { ApiError } from './api-error.js';

export const API_BASE_PATH = '/v1';

/**
 * Which requests are under the API (and so need a key): exactly the paths that start with
 * `/v1/`, compared as the router compares them, byte for byte. The router below is
 * case-sensitive and strict, so no route under /v1 can match a path this says is outside it;
 * a test holds the two together over generated paths.
 */
export function isUnderApi(path: string): boolean {
  return path === API_BASE_PATH || path.startsWith(`${API_BASE_PATH}/`);
}

/** The one router of the service: `/V1/PETS` and `/v1/pets/` are not `/v1/pets`. */
export function createRouter(): Router {
  return new Router({ sensitive: true, strict: true });
}

/**
 * One segment in its one spelling: unreserved characters only (RFC 3986), so no
 * percent-encoding (`%70ets`), no empty segment (`//`), and, below, no dot segment.
 */
const CANONICAL_SEGMENT = /^[A-Za-z0-9._~-]+$/;

/**
 * A path has one spelling: `/` or `/segment/segment...`, with no trailing slash, no empty, `.` or
 * `..` segment and no percent-encoding. Every path this service serves is written so; other
 * spellings would name the same resource to some parsers and not to others.
 */
export function isCanonicalPath(path: string): boolean {
  if (path === '/') return true;
  if (!path.startsWith('/')) return false;
  return path
    .slice(1)
    .split('/')
    .every((segment) => CANONICAL_SEGMENT.test(segment) && segment !== '.' && segment !== '..');
}

/** Before the key check and routing: any other spelling of a path is a 404, whoever asks. */
export const requireCanonicalPath: Middleware = (ctx, next) => {
  if (!isCanonicalPath(ctx.path)) {
    throw new ApiError(
      'not_found',
      'No resource at this path; paths are case-sensitive and have no trailing slash, empty or dot segments, or percent-encoding',
    );
  }
  return next();
};
