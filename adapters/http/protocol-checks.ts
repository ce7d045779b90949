import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';
import { ApiError } from './api-error.js';

/**
 * Fields a request may carry at most once (RFC 9110 §5.3) that Node silently cuts to their
 * first value. Sent twice, each reader of the request might pick a different one (a proxy the
 * last key, this service the first), so such a request is refused instead of guessed at.
 */
const SINGLETON_FIELDS = ['host', 'authorization', 'content-type'] as const;

/**
 * What HTTP itself requires of a request and Node leaves to the server. Node's own checks would
 * answer a bare status with no body; made here, they answer as every other error does.
 * The server hands requests with an `Expect` header to the app instead of answering them itself.
 */
export const requireWellFormedRequest: Middleware = (ctx, next) => {
  const counts = singletonCounts(ctx.req);
  for (const field of SINGLETON_FIELDS) {
    if (counts[field] > 1) throw new ApiError('bad_request', `The ${field} header may appear only once`);
  }
  // RFC 9112 §3.2: an HTTP/1.1 request carries a Host header.
  if (ctx.req.httpVersion === '1.1' && counts.host === 0) {
    throw new ApiError('bad_request', 'An HTTP/1.1 request must carry a Host header');
  }
  const expectation = ctx.req.headers.expect;
  // RFC 9110 §10.1.1: 100-continue is the only expectation defined; the body reader answers it.
  if (expectation !== undefined && expectation.toLowerCase() !== '100-continue') {
    throw new ApiError('expectation_failed', 'The only expectation this server meets is Expect: 100-continue');
  }
  return next();
};

function singletonCounts({ rawHeaders }: IncomingMessage): Record<(typeof SINGLETON_FIELDS)[number], number> {
  const counts = { host: 0, authorization: 0, 'content-type': 0 };
  // rawHeaders alternates names and values as they came, duplicates included.
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const name = (rawHeaders[index] as string).toLowerCase();
    if (name === 'host' || name === 'authorization' || name === 'content-type') counts[name] += 1;
  }
  return counts;
}
