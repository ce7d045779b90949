import { Buffer } from 'node:buffer';
import { parse as parseContentType } from 'content-type';
import { parseJsonExactly } from '@petstore/core/json-numbers.js';
import { ApiError } from '../errors/api-error.js';
import type { ErrorCode } from '../errors/error-codes.js';
import { decoderFor } from './content-encoding.js';

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

/** The headers that say how a body is sent, as the request carries them ('' when absent). */
export interface BodyHeaders {
  readonly contentType: string;
  readonly contentEncoding: string;
}

/**
 * A JSON body, one step per way it can be wrong, each with its own code: media type and charset (415),
 * content coding (415, or 400 when the bytes do not decode), size after decompression (413), UTF-8
 * (400), JSON syntax (400). The headers are judged before a byte is read (`read`, which holds the body
 * to `limitBytes` as sent); the shape of the JSON value is the body schema's to judge.
 */
export async function jsonOfBody(
  { contentType, contentEncoding }: BodyHeaders,
  read: () => Promise<Uint8Array>,
  limitBytes: number,
): Promise<unknown> {
  requireJsonInUtf8(contentType);
  const decode = decoderFor(contentEncoding);
  const received = await read();
  // The decompressors take a Buffer: a view of the same bytes, not a copy.
  const asBuffer = Buffer.isBuffer(received)
    ? received
    : Buffer.from(received.buffer, received.byteOffset, received.byteLength);
  const bytes = await decode(asBuffer, limitBytes);
  return parseJson(utf8Text(bytes));
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
