import { IdempotencyKeyInUse, IdempotencyKeyReused, PetNotFound } from '../../../core/errors.js';
import { IDEMPOTENCY_KEY_RULE } from '../../../core/idempotency.js';
import { HTTP_VERSIONS_SPOKEN } from '../errors/api-error.js';
import type { ErrorBody, ErrorDetail } from '../errors/error-body.js';
import { ERRORS, type ErrorCode } from '../errors/error-codes.js';

const body = <Code extends ErrorCode>(code: Code, message: string, details?: ErrorDetail[]) => ({
  code,
  message,
  status: ERRORS[code].status,
  ...(details && { details }),
});

/** A rule broken by one field: the message names it, and `details` holds the field and the rule. */
const ruleBroken = <Code extends ErrorCode>(code: Code, what: string, path: string, rule: string) =>
  body(code, `Invalid ${what}: ${rule}`, [{ path, message: rule }]);

/**
 * One error body for each code, in the service's own words for a request of the documented examples gone
 * wrong (a create without its categoryId, a pet other than the example's): what a client, a mock or a
 * generated test shows a reader. A new code does not compile until it has one.
 */
export const ERROR_EXAMPLES: { readonly [Code in ErrorCode]: ErrorBody & { readonly code: Code } } = {
  bad_request: body('bad_request', 'The request is not valid HTTP/1.1'),
  unauthorized: body('unauthorized', 'An API key is required: send Authorization: Bearer <key>'),
  invalid_json: body('invalid_json', 'The request body is not valid JSON'),
  invalid_utf8: body('invalid_utf8', 'The request body is not valid UTF-8'),
  invalid_content_encoding: body('invalid_content_encoding', 'The request body is not valid gzip data'),
  invalid_body: ruleBroken('invalid_body', 'request body', 'categoryId', 'categoryId is required'),
  invalid_query: ruleBroken('invalid_query', 'query parameter', 'limit', 'limit must be an integer from 1 to 100'),
  invalid_path_parameter: ruleBroken(
    'invalid_path_parameter',
    'path parameter',
    'petId',
    'petId must be written in decimal digits, without sign, fraction or leading zeros',
  ),
  invalid_idempotency_key: body('invalid_idempotency_key', IDEMPOTENCY_KEY_RULE),
  not_found: body('not_found', new PetNotFound(2).message),
  method_not_allowed: body('method_not_allowed', 'DELETE is not allowed here; allowed: HEAD, GET, POST'),
  request_timeout: body('request_timeout', 'The request did not arrive in time'),
  idempotency_key_in_use: body('idempotency_key_in_use', new IdempotencyKeyInUse().message),
  payload_too_large: body('payload_too_large', 'The request body exceeds 1048576 bytes'),
  unsupported_media_type: body('unsupported_media_type', 'The request body must be application/json'),
  unsupported_content_encoding: body(
    'unsupported_content_encoding',
    'The Content-Encoding is not supported; send gzip, deflate, br or none',
  ),
  expectation_failed: body('expectation_failed', 'The only expectation this server meets is Expect: 100-continue'),
  idempotency_key_reused: body('idempotency_key_reused', new IdempotencyKeyReused().message),
  rate_limited: body('rate_limited', 'Too many requests: at most 6000 in 60 seconds; retry after 1 second'),
  headers_too_large: body('headers_too_large', 'The request headers are too large'),
  internal_error: body('internal_error', 'The server could not complete the request'),
  not_implemented: body(
    'not_implemented',
    'The transfer coding gzip is not supported: send the body chunked or with a Content-Length, and compress it ' +
      'with Content-Encoding',
  ),
  service_unavailable: body('service_unavailable', 'The service is temporarily unavailable; retry later'),
  http_version_not_supported: body('http_version_not_supported', HTTP_VERSIONS_SPOKEN),
};
