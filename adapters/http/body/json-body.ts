import type { Context, Middleware } from 'koa';
import { parse as parseContentType } from 'content-type';
import getRawBody from 'raw-body';
import { parseJsonExactly } from '../../../core/json-numbers.js';
import { ApiError } from '../errors/api-error.js';
import type { ErrorCode } from '../errors/error-codes.js';
import { waitsForContinue } from '../request/expect-continue.js';
import { logConnectionFailure } from '../logs/request-log.js';
import { decoderFor } from './content-encoding.js';

declare module 'koa' {
  interface Request {
    /** The parsed JSON body, set by jsonBody() on the routes that take one. */
    body: unknown;
  }
}

/**
 * Fatal: a byte sequence that is not UTF-8 is an error, never silently a U+FFFD. A leading BOM is dropped (RFC 8259
 * §8.1).
 */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** What reading a JSON body can refuse it with, for the document of each operation that takes one. */
export const JSON_BODY_ERROR_CODES = [
  'invalid_json',
  'invalid_utf8',
  'invalid_content_encoding',
  'unsupported_media_type',
  'unsupported_content_encoding',
] as const satisfies readonly ErrorCode[];

/**
 * Reads a JSON request body into ctx.request.body, one step per way a body can be wrong, each
 * with its own code: media type and charset (415), content coding (415, or 400 when the bytes do
 * not decode), size before and after decompression (413), UTF-8 (400), JSON syntax (400).
 * The shape of the JSON value is the body schema's to judge.
 */
export function jsonBody({ limitBytes }: { limitBytes: number }): Middleware {
  return async function readJsonBody(ctx, next) {
    requireJsonInUtf8(ctx.get('Content-Type'));
    const decode = decoderFor(ctx.get('Content-Encoding'));
    const received = await readRequestBody(ctx, limitBytes);
    const bytes = await decode(received, limitBytes);
    ctx.request.body = parseJson(utf8Text(bytes));
    await next();
  };
}

/** `application/json`, with no charset or `charset=utf-8` in any case: JSON is UTF-8 (RFC 8259 §8.1). */
function requireJsonInUtf8(header: string): void {
  // content-type 3 never throws: what it cannot read leaves the type empty or the parameter out.
  const mediaType = parseContentType(header);
  if (mediaType.type !== 'application/json') {
    throw new ApiError('unsupported_media_type', 'The request body must be application/json');
  }
  const { charset } = mediaType.parameters;
  if (charset !== undefined && charset.toLowerCase() !== 'utf-8') {
    throw new ApiError(
      'unsupported_media_type',
      'The request body must be encoded in UTF-8 (charset=utf-8, or no charset)',
    );
  }
}

/** The bytes as sent, at most `limitBytes` of them (raw-body checks Content-Length first). */
async function readRequestBody(ctx: Context, limitBytes: number): Promise<Buffer> {
  // A client that waits for 100 Continue is told to send only now: past the key check and the headers' checks.
  if (waitsForContinue(ctx.req)) ctx.res.writeContinue();
  try {
    return await getRawBody(ctx.req, { limit: limitBytes, length: ctx.get('Content-Length') || null });
  } catch (error) {
    // The rest of the body is not read: the connection closes after the response instead of stalling.
    const closing = { headers: { Connection: 'close' } };
    const { type } = error as { type?: string };
    if (type === 'entity.too.large') {
      throw new ApiError('payload_too_large', `The request body exceeds ${limitBytes} bytes`, closing);
    }
    // The client's connection failed while it sent the body: nobody will read a response. (Node's
    // parser already holds the body to its Content-Length, so a body cut short arrives as this too.)
    if (type === 'request.aborted') {
      logConnectionFailure(ctx, error as Error);
      throw new ApiError('bad_request', 'The connection failed while the request body was sent', closing);
    }
    throw error;
  }
}

function utf8Text(bytes: Uint8Array): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new ApiError('invalid_utf8', 'The request body is not valid UTF-8');
  }
}

function parseJson(text: string): unknown {
  if (text === '') throw new ApiError('invalid_json', 'The request body is empty; send a JSON object');
  try {
    // JSON.parse makes "__proto__" an ordinary own key, which the schema then refuses as an unknown field. No number
    // is rounded to an integer its text does not denote: the schema's integer rules judge what the client wrote.
    return parseJsonExactly(text);
  } catch (error) {
    // Valid JSON, but nested thousands deep: a shape no body schema takes.
    if (error instanceof RangeError) throw new ApiError('invalid_body', 'The request body is nested too deeply');
    throw new ApiError('invalid_json', 'The request body is not valid JSON');
  }
}
