import { IdempotencyKeyInUse, IdempotencyKeyReused, PetIdsExhausted, PetNotFound } from '@petstore/core/errors.js';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_RULE } from '@petstore/core/idempotency.js';
import { PET_ID_MAX } from '@petstore/core/pet.js';

/** What a 505 says, whether Node's parser or the app refused the version. */
export const HTTP_VERSIONS_SPOKEN = 'This server speaks HTTP/1.1 (and HTTP/1.0)';

/**
 * An error body's words for one code, as the service says them to a request of the documented examples
 * gone wrong (a create without its categoryId, a pet other than the example's): what the document shows.
 */
export interface ErrorExample {
  readonly message: string;
  readonly details?: readonly { readonly path: string; readonly message: string }[];
}

const said = (message: string): ErrorExample => ({ message });

/** A rule broken by one field: the message names it, and `details` holds the field and the rule. */
const ruleBroken = (what: string, path: string, rule: string): ErrorExample => ({
  message: `Invalid ${what}: ${rule}`,
  details: [{ path, message: rule }],
});

/**
 * Every error code this API responds with, its HTTP status, when it is sent, and an example of its
 * body's words: the one table of them. The OpenAPI document and docs/reference.md are written from it
 * (a test holds the page to it); clients branch on `code`, never on `message`.
 */
export const ERRORS = {
  bad_request: {
    status: 400,
    meaning:
      'the request is not valid HTTP/1.1 (refused by the HTTP parser, a body cut short, no or several Host headers)',
    example: said('The request is not valid HTTP/1.1'),
  },
  unauthorized: {
    status: 401,
    meaning: 'the API key is missing, malformed or unknown',
    example: said('An API key is required: send Authorization: Bearer <key>'),
  },
  invalid_json: {
    status: 400,
    meaning: 'the body is empty or not valid JSON',
    example: said('The request body is not valid JSON'),
  },
  invalid_utf8: {
    status: 400,
    meaning: 'the body is not valid UTF-8',
    example: said('The request body is not valid UTF-8'),
  },
  invalid_content_encoding: {
    status: 400,
    meaning: 'the body does not decode with its Content-Encoding (gzip, deflate or br)',
    example: said('The request body is not valid gzip data'),
  },
  invalid_body: {
    status: 400,
    meaning:
      'the JSON is not the body the operation takes (a NewPet, for a create); `details` names each offending field',
    example: ruleBroken('request body', 'categoryId', 'categoryId is required'),
  },
  invalid_query: {
    status: 400,
    meaning: 'a query parameter is invalid; `details` names it',
    example: ruleBroken('query parameter', 'limit', 'limit must be an integer from 1 to 100'),
  },
  invalid_path_parameter: {
    status: 400,
    meaning: `petId is not a decimal integer from 0 to ${PET_ID_MAX}`,
    example: ruleBroken(
      'path parameter',
      'petId',
      'petId must be written in decimal digits, without sign, fraction or leading zeros',
    ),
  },
  invalid_idempotency_key: {
    status: 400,
    meaning:
      `the Idempotency-Key header is empty, longer than ${IDEMPOTENCY_KEY_MAX_LENGTH} characters, ` +
      'holds a character other than visible ASCII, or was sent twice',
    example: said(IDEMPOTENCY_KEY_RULE),
  },
  not_found: {
    status: 404,
    meaning: 'no pet has this id, or the path is not in its one canonical spelling',
    example: said(new PetNotFound(2).message),
  },
  method_not_allowed: {
    status: 405,
    meaning:
      'the path exists, but does not answer this method, which the API answers elsewhere; `Allow` lists the methods',
    example: said('POST is not allowed here; allowed: HEAD, GET'),
  },
  request_timeout: {
    status: 408,
    meaning: 'the request headers or body did not arrive in time',
    example: said('The request did not arrive in time'),
  },
  idempotency_key_in_use: {
    status: 409,
    meaning:
      'a request with this Idempotency-Key is still in progress; retry after `Retry-After` seconds to get its outcome',
    example: said(new IdempotencyKeyInUse().message),
  },
  payload_too_large: {
    status: 413,
    meaning: 'the body, or its decompressed form, is larger than the configured limit',
    example: said('The request body exceeds 1048576 bytes'),
  },
  unsupported_media_type: {
    status: 415,
    meaning: 'the body is not application/json, or its charset is not UTF-8',
    example: said('The request body must be application/json'),
  },
  unsupported_content_encoding: {
    status: 415,
    meaning: 'the Content-Encoding is not gzip, deflate, br or identity',
    example: said('The Content-Encoding is not supported; send gzip, deflate, br or none'),
  },
  expectation_failed: {
    status: 417,
    meaning: 'the Expect header asks for something other than 100-continue',
    example: said('The only expectation this server meets is Expect: 100-continue'),
  },
  idempotency_key_reused: {
    status: 422,
    meaning: 'this Idempotency-Key was used before with a different body; a new request needs a new key',
    example: said(new IdempotencyKeyReused().message),
  },
  rate_limited: {
    status: 429,
    meaning:
      'this API key (or, without a valid key, this address) made more requests than the rate limit allows; ' +
      'retry after `Retry-After` seconds, and see `RateLimit`',
    example: said('Too many requests: at most 6000 in 60 seconds; retry after 1 second'),
  },
  headers_too_large: {
    status: 431,
    meaning: 'the request line and headers are larger than the server accepts',
    example: said('The request headers are too large'),
  },
  internal_error: {
    status: 500,
    meaning: 'a fault in the service; the message is generic and the cause is logged',
    example: said('The server could not complete the request'),
  },
  not_implemented: {
    status: 501,
    meaning:
      'the method is one the API answers on no path (such as TRACE, CONNECT or PROPFIND; the message names ' +
      'those it answers), whatever the path and key; or the body has a transfer coding other than chunked ' +
      '(RFC 9112 §6.1)',
    example: said(
      'The transfer coding gzip is not supported: send the body chunked or with a Content-Length, and compress it ' +
        'with Content-Encoding',
    ),
  },
  service_unavailable: {
    status: 503,
    meaning: 'storage is unreachable; retry after `Retry-After` seconds',
    example: said('The service is temporarily unavailable; retry later'),
  },
  http_version_not_supported: {
    status: 505,
    meaning: 'the request line names a version other than HTTP/1.0 or HTTP/1.1, or none',
    example: said(HTTP_VERSIONS_SPOKEN),
  },
  pet_ids_exhausted: {
    status: 507,
    meaning:
      `no pet id is left to hand out: the highest pet id (${PET_ID_MAX}) is taken; ` +
      'reads go on, and a retry does not help',
    example: said(new PetIdsExhausted().message),
  },
} as const satisfies Record<
  string,
  { readonly status: number; readonly meaning: string; readonly example: ErrorExample }
>;

export type ErrorCode = keyof typeof ERRORS;

/** The errors a client may retry after a wait, which say how long in `Retry-After`. */
export const RETRY_AFTER_CODES = [
  'idempotency_key_in_use',
  'rate_limited',
  'service_unavailable',
] as const satisfies readonly ErrorCode[];
export type RetryAfterCode = (typeof RETRY_AFTER_CODES)[number];
export const ERROR_CODES = Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]];
