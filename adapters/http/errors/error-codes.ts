import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../../../core/idempotency.js';
import { PET_ID_MAX } from '../../../core/pet.js';

/**
 * Every error code this API responds with, its HTTP status and when it is sent: the one table of
 * them. The OpenAPI document and docs/reference.md are written from it (a test holds the page to
 * it); clients branch on `code`, never on `message`.
 */
export const ERRORS = {
  bad_request: {
    status: 400,
    meaning:
      'the request is not valid HTTP/1.1 (refused by the HTTP parser, a body cut short, no or several Host headers)',
  },
  unauthorized: { status: 401, meaning: 'the API key is missing, malformed or unknown' },
  invalid_json: { status: 400, meaning: 'the body is empty or not valid JSON' },
  invalid_utf8: { status: 400, meaning: 'the body is not valid UTF-8' },
  invalid_content_encoding: {
    status: 400,
    meaning: 'the body does not decode with its Content-Encoding (gzip, deflate or br)',
  },
  invalid_body: {
    status: 400,
    meaning:
      'the JSON is not the body the operation takes (a NewPet, for a create); `details` names each offending field',
  },
  invalid_query: { status: 400, meaning: 'a query parameter is invalid; `details` names it' },
  invalid_path_parameter: { status: 400, meaning: `petId is not a decimal integer from 0 to ${PET_ID_MAX}` },
  invalid_idempotency_key: {
    status: 400,
    meaning:
      `the Idempotency-Key header is empty, longer than ${IDEMPOTENCY_KEY_MAX_LENGTH} characters, ` +
      'holds a character other than visible ASCII, or was sent twice',
  },
  not_found: { status: 404, meaning: 'no pet has this id, or the path is not in its one canonical spelling' },
  method_not_allowed: { status: 405, meaning: 'the path exists, but not with this method; `Allow` lists the methods' },
  request_timeout: { status: 408, meaning: 'the request headers or body did not arrive in time' },
  idempotency_key_in_use: {
    status: 409,
    meaning:
      'a request with this Idempotency-Key is still in progress; retry after `Retry-After` seconds to get its outcome',
  },
  payload_too_large: {
    status: 413,
    meaning: 'the body, or its decompressed form, is larger than the configured limit',
  },
  unsupported_media_type: { status: 415, meaning: 'the body is not application/json, or its charset is not UTF-8' },
  unsupported_content_encoding: { status: 415, meaning: 'the Content-Encoding is not gzip, deflate, br or identity' },
  expectation_failed: { status: 417, meaning: 'the Expect header asks for something other than 100-continue' },
  idempotency_key_reused: {
    status: 422,
    meaning: 'this Idempotency-Key was used before with a different body; a new request needs a new key',
  },
  rate_limited: {
    status: 429,
    meaning:
      'this API key (or, without a valid key, this address) made more requests than the rate limit allows; ' +
      'retry after `Retry-After` seconds, and see `RateLimit`',
  },
  headers_too_large: { status: 431, meaning: 'the request headers are larger than the server accepts' },
  internal_error: { status: 500, meaning: 'a fault in the service; the message is generic and the cause is logged' },
  not_implemented: {
    status: 501,
    meaning:
      'the method is not one HTTP defines (RFC 9110 §9.1), ' +
      'or the body has a transfer coding other than chunked (RFC 9112 §6.1)',
  },
  service_unavailable: { status: 503, meaning: 'storage is unreachable; retry after `Retry-After` seconds' },
  http_version_not_supported: {
    status: 505,
    meaning: 'the request line names a version other than HTTP/1.0 or HTTP/1.1, or none',
  },
} as const satisfies Record<string, { readonly status: number; readonly meaning: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** The errors a client may retry after a wait, which say how long in `Retry-After`. */
export const RETRY_AFTER_CODES = [
  'idempotency_key_in_use',
  'rate_limited',
  'service_unavailable',
] as const satisfies readonly ErrorCode[];
export type RetryAfterCode = (typeof RETRY_AFTER_CODES)[number];
export const ERROR_CODES = Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]];
