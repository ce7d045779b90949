import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError, HTTP_VERSIONS_SPOKEN } from './api-error.js';
import type { ErrorCode } from './error-codes.js';
import type { HttpLogger } from '../http-logger.js';
import { REQUEST_ID_HEADER } from '../middleware/request-context.js';
import { API_RESPONSE_HEADER_ENTRIES } from '../middleware/security-headers.js';

/** What Node's parser reports, as our codes; anything else it refuses is malformed HTTP. */
const PARSER_REFUSALS: ReadonlyMap<string, { code: ErrorCode; message: string }> = new Map([
  ['HPE_HEADER_OVERFLOW', { code: 'headers_too_large', message: 'The request headers are too large' }],
  ['HPE_CHUNK_EXTENSIONS_OVERFLOW', { code: 'payload_too_large', message: 'The chunk extensions of the request body are too large' }],
  ['ERR_HTTP_REQUEST_TIMEOUT', { code: 'request_timeout', message: 'The request did not arrive in time' }],
]);
const MALFORMED = { code: 'bad_request', message: 'The request is not valid HTTP/1.1' } as const;
/** A request line in its three parts (RFC 9112 §3): a method token, a target, a version. */
const REQUEST_LINE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+ [^ \r\n]+ HTTP\/[0-9]\.[0-9]\r?\n/;

/**
 * Node's parser names a method or version it does not know, but also a request line it could not
 * split; only a well-formed line earns 501 (RFC 9110 §15.6.2) or 505 (§15.6.6), the rest is malformed.
 */
function refusalOf(error: Error & { code?: string; rawPacket?: Buffer }): { code: ErrorCode; message: string } {
  const known = PARSER_REFUSALS.get(error.code ?? '');
  if (known !== undefined) return known;
  const wellFormed = REQUEST_LINE.test(error.rawPacket?.toString('latin1') ?? '');
  if (wellFormed && error.code === 'HPE_INVALID_METHOD') {
    return { code: 'not_implemented', message: 'The method is not one this server implements; the API answers GET, HEAD, POST and OPTIONS' };
  }
  if (wellFormed && error.code === 'HPE_INVALID_VERSION') return { code: 'http_version_not_supported', message: HTTP_VERSIONS_SPOKEN };
  return MALFORMED;
}

/**
 * The server's `clientError` listener: a request Node's HTTP parser refused never reaches Koa,
 * and Node would answer it with a bare status. This answers with the Error body and the headers
 * of every other answer, then closes the connection, whose byte stream can no longer be trusted.
 */
export function answerClientErrors(logger: HttpLogger): (error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex) => void {
  return function answerUnparsableRequest(error, socket) {
    // Node's own rule: nothing can be written to a client that is gone or mid-way through
    // receiving another answer (a pipelined request after it); the socket is just closed.
    const answering = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || answering?.headersSent === true) {
      socket.destroy();
      return;
    }
    const refusal = refusalOf(error);
    const apiError = new ApiError(refusal.code, refusal.message);
    const requestId = randomUUID();
    const body = JSON.stringify(apiError.toBody());
    const headers = [
      ['Content-Type', 'application/json; charset=utf-8'],
      ['Content-Length', String(Buffer.byteLength(body))],
      ['Date', new Date().toUTCString()],
      ['Connection', 'close'],
      [REQUEST_ID_HEADER, requestId],
      ...API_RESPONSE_HEADER_ENTRIES,
    ];
    const head = `HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status] ?? ''}\r\n${headers.map(([name, value]) => `${name as string}: ${value as string}\r\n`).join('')}\r\n`;
    socket.end(head + body);
    logger.info({ requestId, status: apiError.status, parserError: error.code }, 'request refused by the HTTP parser');
  };
}
