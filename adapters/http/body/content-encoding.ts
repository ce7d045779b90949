import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate, type ZlibOptions } from 'node:zlib';
import { ApiError } from '../errors/api-error.js';

/** The 413 of a body larger than `limitBytes` as sent, however the host reads it; `options` as ApiError's. */
export function bodyTooLarge(limitBytes: number, options?: ConstructorParameters<typeof ApiError>[2]): ApiError {
  return new ApiError('payload_too_large', `The request body exceeds ${limitBytes} bytes`, options);
}

/** Undoes a content coding; the result is at most `limitBytes` long. */
export type BodyDecoder = (body: Buffer, limitBytes: number) => Promise<Buffer>;

type Inflate = (body: Buffer, options: ZlibOptions) => Promise<Buffer>;

/**
 * The codings a client may send (RFC 9110 §8.4.1); names are case-insensitive. A Map, not an
 * object literal: a header naming `constructor` or `__proto__` must find nothing.
 */
const CODINGS: ReadonlyMap<string, Inflate> = new Map([
  ['gzip', promisify(gunzip)],
  ['x-gzip', promisify(gunzip)],
  // HTTP's "deflate" is the zlib format (RFC 9110 §8.4.1.2), not raw deflate.
  ['deflate', promisify(inflate)],
  ['br', promisify(brotliDecompress)],
]);

const asSent: BodyDecoder = (body) => Promise.resolve(body);

/**
 * The decoder for a Content-Encoding header: one coding or none. A list of codings is refused
 * rather than undone layer by layer: no client of a JSON API needs it, and each layer would
 * multiply the work a small body can cause.
 */
export function decoderFor(header: string): BodyDecoder {
  // Node has already stripped the blanks around a header value.
  const coding = header.toLowerCase();
  if (coding === '' || coding === 'identity') return asSent;
  const inflate = CODINGS.get(coding);
  if (inflate === undefined) {
    throw new ApiError(
      'unsupported_content_encoding',
      'The Content-Encoding is not supported; send gzip, deflate, br or none',
    );
  }
  return async (body, limitBytes) => {
    try {
      // maxOutputLength stops a small body that inflates to gigabytes at the limit.
      return await inflate(body, { maxOutputLength: limitBytes });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new ApiError('payload_too_large', `The decompressed request body exceeds ${limitBytes} bytes`);
      }
      // Whatever else the decompressor says, the bytes were the client's.
      throw new ApiError('invalid_content_encoding', `The request body is not valid ${coding} data`);
    }
  };
}
