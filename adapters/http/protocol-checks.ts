import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';
import { ApiError } from './api-error.js';

/**
 * Fields a request may carry at most once (RFC 9110 §5.3) that Node silently cuts to their
 * first value. Sent twice, each reader of the request might pick a different one (a proxy the
 * last key, this service the first), so such a request is refused instead of guessed at.
 */
const SINGLETON_FIELDS: ReadonlySet<string> = new Set(['host', 'authorization', 'content-type']);

/** RFC 9110 §10.1.1: the one expectation defined, which the body reader answers when it starts. */
export function waitsForContinue({ headers }: IncomingMessage): boolean {
  return headers.expect?.toLowerCase() === '100-continue';
}

/**
 * What HTTP itself requires of a request and Node leaves to the server. Node's own checks would
 * answer a bare status with no body; made here, they answer as every other error does.
 * The server hands requests with an `Expect` header to the app instead of answering them itself.
 */
export const requireWellFormedRequest: Middleware = (ctx, next) => {
  const counts = singletonCounts(ctx.req);
  for (const [field, count] of counts) {
    if (count > 1) throw new ApiError('bad_request', `The ${field} header may appear only once`);
  }
  // RFC 9112 §3.2: an HTTP/1.1 request carries a Host header.
  if (ctx.req.httpVersion === '1.1' && !counts.has('host')) {
    throw new ApiError('bad_request', 'An HTTP/1.1 request must carry a Host header');
  }
  if (ctx.req.headers.expect !== undefined && !waitsForContinue(ctx.req)) {
    throw new ApiError('expectation_failed', 'The only expectation this server meets is Expect: 100-continue');
  }
  return next();
};

/** How often each singleton field came; a field that did not come has no entry. */
function singletonCounts({ rawHeaders }: IncomingMessage): Map<string, number> {
  const counts = new Map<string, number>();
  // rawHeaders alternates names and values as they came, duplicates included.
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const name = (rawHeaders[index] as string).toLowerCase();
    if (SINGLETON_FIELDS.has(name)) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}
