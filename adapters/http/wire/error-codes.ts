/**
 * The fixed set of error codes this API responds with, and the HTTP status of each.
 * The README documents this table; clients branch on `code`, never on `message`.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  invalid_json: 400,
  invalid_utf8: 400,
  invalid_content_encoding: 400,
  invalid_body: 400,
  invalid_query: 400,
  invalid_path_parameter: 400,
  invalid_idempotency_key: 400,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  idempotency_key_in_use: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unsupported_content_encoding: 415,
  expectation_failed: 417,
  idempotency_key_reused: 422,
  rate_limited: 429,
  headers_too_large: 431,
  internal_error: 500,
  not_implemented: 501,
  service_unavailable: 503,
  http_version_not_supported: 505,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The errors a client may retry after a wait, which say how long in `Retry-After`. */
export const RETRY_AFTER_CODES = [
  'idempotency_key_in_use',
  'rate_limited',
  'service_unavailable',
] as const satisfies readonly ErrorCode[];
export type RetryAfterCode = (typeof RETRY_AFTER_CODES)[number];
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];
