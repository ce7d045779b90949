import { ApiError } from './api-error.js';

/** "GET, HEAD, POST and OPTIONS": the methods a refusal names, as a sentence lists them. */
const METHOD_LIST = new Intl.ListFormat('en-GB', { type: 'conjunction' });

/**
 * The 501 for a method the server implements on no path (RFC 9110 §9.1: "unrecognized or not
 * implemented"), naming those it does implement; none given, none named.
 */
export function methodNotImplemented(implemented: readonly string[]): ApiError {
  const answered = implemented.length > 0 ? `; it answers ${METHOD_LIST.format(implemented)}` : '';
  return new ApiError('not_implemented', `The method is not one this server implements${answered}`);
}

/** The 405 for a method the server implements, but not at this path, which answers `allowed` (never empty). */
export function methodNotAllowed(method: string, allowed: string): ApiError {
  return new ApiError('method_not_allowed', `${method} is not allowed here; allowed: ${allowed}`);
}

/** The 404 for a path, in its canonical spelling, that names nothing: no route of any method is there. */
export function noResourceHere(): ApiError {
  return new ApiError('not_found', 'No resource at this path');
}
