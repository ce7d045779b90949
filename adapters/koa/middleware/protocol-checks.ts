import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';
import { ApiError, HTTP_VERSIONS_SPOKEN } from '@petstore/http/errors/api-error.js';
import { clipClientText } from '@petstore/http/errors/error-body.js';
import { waitsForContinue } from '@petstore/http/request/expect-continue.js';

/**
 * Fields a request may carry at most once (RFC 9110 §5.3) that Node silently cuts to their
 * first value. Sent twice, each reader of the request might pick a different one (a proxy the
 * last key, this service the first), so such a request is refused instead of guessed at.
 */
const SINGLETON_FIELDS: ReadonlySet<string> = new Set(['host', 'authorization', 'content-type']);

/** The versions this server speaks; Node's parser reads 0.9 (no version at all) and 2.0 request lines as well. */
const SPOKEN_VERSIONS: ReadonlySet<string> = new Set(['1.0', '1.1']);
/** A response that leaves a body unread ends the connection: what follows on it cannot be framed. */
const CLOSING = { headers: { Connection: 'close' } };

/**
 * What HTTP itself requires of a request and Node leaves to the server. Node's own checks would
 * respond with a bare status and no body; made here, they respond as every other error does.
 * The server hands requests with an `Expect` header to the app instead of responding itself.
 */
export const requireWellFormedRequest: Middleware = (ctx, next) => {
  // RFC 9112 §2.3: a version the server does not speak is answered 505, not served as HTTP/1.1.
  if (!SPOKEN_VERSIONS.has(ctx.req.httpVersion)) {
    throw new ApiError('http_version_not_supported', HTTP_VERSIONS_SPOKEN, CLOSING);
  }
  // RFC 9112 §6.1: a transfer coding the server does not understand is 501; Node decodes only chunked
  // and would hand the rest over still coded. Compression belongs in Content-Encoding.
  const unknownCoding = transferCodings(ctx.req).find((coding) => coding !== 'chunked');
  if (unknownCoding !== undefined) {
    throw new ApiError(
      'not_implemented',
      `The transfer coding ${clipClientText(unknownCoding)} is not supported: ` +
        'send the body chunked or with a Content-Length, and compress it with Content-Encoding',
      CLOSING,
    );
  }
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

/** The transfer codings of the body, in order, lower-cased: `gzip, chunked` is ['gzip', 'chunked']. */
function transferCodings({ headers }: IncomingMessage): string[] {
  const field = headers['transfer-encoding'];
  if (field === undefined) return [];
  return field
    .split(',')
    .map((coding) => coding.split(';')[0]?.trim().toLowerCase() ?? '')
    .filter((coding) => coding !== '');
}

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
