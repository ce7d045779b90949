import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../../../core/idempotency.js';
import { PET_ID_PARAMETER } from '../schemas/pet.js';
import { ERROR_STATUS, RETRY_AFTER_CODES, type ErrorCode } from '../wire/error-codes.js';

/**
 * Errors any request can meet before it reaches its operation: HTTP the server cannot accept,
 * then no key, or too many requests. Sent before routing, so they carry only the headers of
 * every response.
 */
const BEFORE_ROUTING_ERRORS: readonly ErrorCode[] = [
  'bad_request',
  'request_timeout',
  'payload_too_large',
  'expectation_failed',
  'headers_too_large',
  'not_implemented',
  'http_version_not_supported',
  'unauthorized',
  'rate_limited',
];
/** Errors any operation can respond with: the above, a fault of ours, storage out of reach. */
export const EVERY_OPERATION_ERRORS: readonly ErrorCode[] = [
  ...BEFORE_ROUTING_ERRORS,
  'internal_error',
  'service_unavailable',
];

/** When each code is sent: the text the document gives for it. */
const ERROR_MEANINGS: Record<ErrorCode, string> = {
  bad_request:
    'the request is not valid HTTP/1.1 (refused by the HTTP parser, a body cut short, no or several Host headers)',
  unauthorized: 'the API key is missing, malformed or unknown',
  invalid_json: 'the body is empty or not valid JSON',
  invalid_utf8: 'the body is not valid UTF-8',
  invalid_content_encoding: 'the body does not decode with its Content-Encoding (gzip, deflate or br)',
  invalid_body: 'the JSON is not a valid NewPet; `details` names each offending field',
  invalid_query: 'a query parameter is invalid; `details` names it',
  invalid_path_parameter: `petId is not a decimal integer from ${PET_ID_PARAMETER.min} to ${PET_ID_PARAMETER.max}`,
  invalid_idempotency_key: `the Idempotency-Key header is empty, longer than ${IDEMPOTENCY_KEY_MAX_LENGTH} characters, holds a character other than visible ASCII, or was sent twice`,
  idempotency_key_in_use:
    'a request with this Idempotency-Key is still in progress; retry after `Retry-After` seconds to get its outcome',
  idempotency_key_reused: 'this Idempotency-Key was used before with a different body; a new request needs a new key',
  not_found: 'no pet has this id, or the path is not in its one canonical spelling',
  method_not_allowed: 'the path exists, but not with this method; `Allow` lists the methods',
  request_timeout: 'the request headers or body did not arrive in time',
  payload_too_large: 'the body, or its decompressed form, is larger than the configured limit',
  unsupported_media_type: 'the body is not application/json, or its charset is not UTF-8',
  unsupported_content_encoding: 'the Content-Encoding is not gzip, deflate, br or identity',
  expectation_failed: 'the Expect header asks for something other than 100-continue',
  rate_limited:
    'this API key (or, without a valid key, this address) made more requests than the rate limit allows; retry after ' +
    '`Retry-After` seconds, and see `RateLimit`',
  headers_too_large: 'the request headers are larger than the server accepts',
  internal_error: 'a fault in the service; the message is generic and the cause is logged',
  not_implemented:
    'the method is not one HTTP defines (RFC 9110 §9.1), or the body has a transfer coding other than chunked (RFC ' +
    '9112 §6.1)',
  service_unavailable: 'storage is unreachable; retry after `Retry-After` seconds',
  http_version_not_supported: 'the request line names a version other than HTTP/1.0 or HTTP/1.1, or none',
};

type HeaderRefs = Record<string, { $ref: string }>;

/** Headers the errors of one status always carry, besides those of every response. */
function errorHeaders(status: number, codes: readonly ErrorCode[]): HeaderRefs {
  return {
    ...(status === ERROR_STATUS.unauthorized && {
      'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' },
    }),
    ...(codes.some((code) => (RETRY_AFTER_CODES as readonly ErrorCode[]).includes(code)) && {
      'Retry-After': { $ref: '#/components/headers/Retry-After' },
    }),
  };
}

/**
 * One response per status the operation can respond to with an error, each naming exactly the
 * codes it may carry, so a client (and our tests) can tell a documented error from a surprise.
 */
export function errorResponses(
  codes: readonly ErrorCode[],
  headers: (status: number) => HeaderRefs,
): Record<string, object> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, codesOfStatus]) => [
      String(status),
      {
        description: codesOfStatus.map((code) => `\`${code}\`: ${ERROR_MEANINGS[code]}.`).join(' '),
        headers: { ...headers(status), ...errorHeaders(status, codesOfStatus) },
        content: {
          'application/json': {
            schema: {
              allOf: [
                { $ref: '#/components/schemas/Error' },
                { type: 'object', properties: { code: { enum: codesOfStatus }, status: { const: status } } },
              ],
            },
          },
        },
      },
    ]),
  );
}
