import { ApiError } from '../errors/api-error.js';

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

/** The 404 of any other spelling of a path, whoever asks: before the key check and routing. */
export function nonCanonicalPath(): ApiError {
  return new ApiError(
    'not_found',
    'No resource at this path; paths are case-sensitive and have no trailing slash, empty or dot segments, or ' +
      'percent-encoding',
  );
}
