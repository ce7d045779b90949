import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError, HTTP_VERSIONS_SPOKEN } from '@petstore/http/errors/api-error.js';
import { methodNotImplemented } from '@petstore/http/errors/method-errors.js';
import { API_SECURITY_HEADER_ENTRIES } from '@petstore/http/response/api-security-headers.js';
import type { ErrorCode } from '@petstore/http/errors/error-codes.js';
import { REQUEST_ID_HEADER } from '@petstore/http/request/header-names.js';
import type { HttpLogger } from '@petstore/http/logs/http-logger.js';

/** What Node reports of a request whose headers or body took longer than the server's timeouts allow. */
const TIMED_OUT = 'ERR_HTTP_REQUEST_TIMEOUT';
/** What Node's parser reports, as our codes; anything else it refuses is malformed HTTP. */
const PARSER_ERRORS: ReadonlyMap<string, { code: ErrorCode; message: string }> = new Map([
  ['HPE_HEADER_OVERFLOW', { code: 'headers_too_large', message: 'The request headers are too large' }],
  [
    'HPE_CHUNK_EXTENSIONS_OVERFLOW',
    { code: 'payload_too_large', message: 'The chunk extensions of the request body are too large' },
  ],
  [TIMED_OUT, { code: 'request_timeout', message: 'The request did not arrive in time' }],
]);
const MALFORMED = { code: 'bad_request', message: 'The request is not valid HTTP/1.1' } as const;
/** A request line in its three parts (RFC 9112 §3): a method token, a target, a version; ended by CRLF. */
const REQUEST_LINE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+ [^ \r\n]+ HTTP\/[0-9]\.[0-9]\r\n/;
const TOKEN_CHARACTER = /^[!#$%&'*+.^_`|~0-9A-Za-z-]$/;

/** The response Node is writing on a socket, if one is not finished yet. */
function pendingResponse(socket: Duplex): ServerResponse | undefined {
  const responding = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  return responding == null || responding.writableFinished ? undefined : responding;
}

/** What Node's parser hands a `clientError` listener about where it stopped. */
export type ParserError = Error & { code?: string; rawPacket?: Buffer; bytesParsed?: number };

/**
 * Where the request the parser refused begins in the packet, which may hold requests before it. A
 * method is refused within its token, so the request begins where the token does; anything else is
 * refused within a line, which begins after the line end before the byte where the parser stopped.
 */
function failedRequestStart(packet: string, { code, bytesParsed = 0 }: ParserError): number {
  const stoppedAt = Math.min(bytesParsed, packet.length);
  if (code !== 'HPE_INVALID_METHOD') return packet.lastIndexOf('\n', stoppedAt - 2) + 1;
  let start = stoppedAt;
  while (start > 0 && TOKEN_CHARACTER.test(packet.charAt(start - 1))) start -= 1;
  return start;
}

/**
 * Node's parser names a method or version it does not know, but also a request line it could not
 * split or whose line ends are wrong; only a well-formed line earns 501 (RFC 9110 §15.6.2) or 505
 * (§15.6.6), judged where the parser stopped, not at the start of the packet; the rest is malformed.
 */
function errorFor(error: ParserError, methods: readonly string[]): { code: ErrorCode; message: string } {
  const known = PARSER_ERRORS.get(error.code ?? '');
  if (known !== undefined) return known;
  const packet = error.rawPacket?.toString('latin1') ?? '';
  const wellFormed = REQUEST_LINE.test(packet.slice(failedRequestStart(packet, error)));
  if (wellFormed && error.code === 'HPE_INVALID_METHOD') return methodNotImplemented(methods);
  if (wellFormed && error.code === 'HPE_INVALID_VERSION')
    return { code: 'http_version_not_supported', message: HTTP_VERSIONS_SPOKEN };
  return MALFORMED;
}

/**
 * The server's `clientError` listener: a request Node's HTTP parser refused never reaches Koa,
 * and Node would respond with a bare status. This responds with the Error body and the headers
 * of every other response, then closes the connection, whose byte stream can no longer be trusted.
 */
export function respondToParserErrors(
  logger: HttpLogger,
  methods: readonly string[] = [],
): (error: ParserError, socket: Duplex) => void {
  /** Sockets whose error response waits for an earlier response: the parser reports each later chunk on them again. */
  const waiting = new WeakSet<Duplex>();
  return function respondToUnparsableRequest(error, socket) {
    if (waiting.has(socket)) return;
    // Nothing can be written to a client that is gone; the socket is just closed.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const responding = pendingResponse(socket);
    if (responding === undefined || (!responding.req.complete && !responding.headersSent)) {
      sendParserError(error, socket);
      return;
    }
    if (!responding.req.complete) {
      // The refused request is the one being served (its body broke off): half a response is out,
      // and a second cannot follow it. Node's own rule: the socket is just closed.
      socket.destroy();
      return;
    }
    // The response pending is for whole requests before the refused bytes (pipelining): they go out
    // first and whole, as the client reads responses in order, and the error after them.
    waiting.add(socket);
    afterEarlierResponses(socket, () => {
      sendParserError(error, socket);
    });
  };

  /**
   * Calls `then` once no response is pending on the socket: each response, when it ends, hands the socket to the next.
   */
  function afterEarlierResponses(socket: Duplex, then: () => void): void {
    const responding = pendingResponse(socket);
    if (responding === undefined) then();
    else
      responding.once('close', () => {
        afterEarlierResponses(socket, then);
      });
  }

  function sendParserError(error: ParserError, socket: Duplex): void {
    // The earlier response may have closed the connection (Connection: close), or the client left.
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const { code, message } = errorFor(error, methods);
    const apiError = new ApiError(code, message);
    const requestId = randomUUID();
    // Bytes on the socket, not sendJson: the parser refused the request, so no Koa context or Node response exists.
    const body = JSON.stringify(apiError.toBody());
    const headers = [
      ['Content-Type', 'application/json; charset=utf-8'],
      ['Content-Length', String(Buffer.byteLength(body))],
      ['Date', new Date().toUTCString()],
      ['Connection', 'close'],
      [REQUEST_ID_HEADER, requestId],
      ...API_SECURITY_HEADER_ENTRIES,
    ];
    const statusLine = `HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status] ?? ''}\r\n`;
    const headerLines = headers.map(([name, value]) => `${name as string}: ${value as string}\r\n`).join('');
    const head = `${statusLine}${headerLines}\r\n`;
    socket.end(head + body);
    // Node's parser goes on reading a request that ran out of time: what the client sends after its
    // 408 would be served. The connection is closed instead, once the 408 is written, as Node's own does.
    if (error.code === TIMED_OUT) socket.once('finish', () => socket.destroy());
    logger.info({ requestId, status: apiError.status, parserError: error.code }, 'request refused by the HTTP parser');
  }
}
