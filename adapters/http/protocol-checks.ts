import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';
import { ApiError } from './api-error.js';

/**
 * What HTTP itself requires of a request and Node leaves to the server. Node's own checks would
 * answer a bare status with no body; made here, they answer as every other error does.
 * The server hands requests with an unusual `Expect` to the app instead of answering 417 itself.
 */
export const requireWellFormedRequest: Middleware = (ctx, next) => {
  // RFC 9112 §3.2: an HTTP/1.1 request carries exactly one Host header.
  if (ctx.req.httpVersion === '1.1' && hostHeaderCount(ctx.req) !== 1) {
    throw new ApiError('bad_request', 'An HTTP/1.1 request must carry exactly one Host header');
  }
  const expectation = ctx.req.headers.expect;
  // RFC 9110 §10.1.1: 100-continue is the only expectation defined; Node has already answered it.
  if (expectation !== undefined && expectation.toLowerCase() !== '100-continue') {
    throw new ApiError('expectation_failed', 'The only expectation this server meets is Expect: 100-continue');
  }
  return next();
};

function hostHeaderCount({ rawHeaders }: IncomingMessage): number {
  let count = 0;
  // rawHeaders alternates names and values as they came; `headers` keeps only the first Host.
  for (let index = 0; index < rawHeaders.length; index += 2) {
    if ((rawHeaders[index] as string).toLowerCase() === 'host') count += 1;
  }
  return count;
}
