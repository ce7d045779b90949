import { ERRORS, RETRY_AFTER_CODES, type ErrorCode } from '../errors/error-codes.js';
import { ERROR_EXAMPLES } from './error-examples.js';

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

type HeaderRefs = Record<string, { $ref: string }>;

/** Headers the errors of one status always carry, besides those of every response. */
function errorHeaders(status: number, codes: readonly ErrorCode[]): HeaderRefs {
  return {
    ...(status === ERRORS.unauthorized.status && {
      'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' },
    }),
    ...(codes.some((code) => (RETRY_AFTER_CODES as readonly ErrorCode[]).includes(code)) && {
      'Retry-After': { $ref: '#/components/headers/Retry-After' },
    }),
  };
}

/**
 * One response per status the operation can respond to with an error, each naming exactly the
 * codes it may carry, so a client (and our tests) can tell a documented error from a surprise, and
 * showing a body of each, named by its code (a mock serves one on `Prefer: example=<code>`).
 */
export function errorResponses(
  codes: readonly ErrorCode[],
  headers: (status: number) => HeaderRefs,
): Record<string, object> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERRORS[code].status, [...(byStatus.get(ERRORS[code].status) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, codesOfStatus]) => [
      String(status),
      {
        description: codesOfStatus.map((code) => `\`${code}\`: ${ERRORS[code].meaning}.`).join(' '),
        headers: { ...headers(status), ...errorHeaders(status, codesOfStatus) },
        content: {
          'application/json': {
            schema: {
              allOf: [
                { $ref: '#/components/schemas/Error' },
                { type: 'object', properties: { code: { enum: codesOfStatus }, status: { const: status } } },
              ],
            },
            examples: Object.fromEntries(codesOfStatus.map((code) => [code, { value: ERROR_EXAMPLES[code] }])),
          },
        },
      },
    ]),
  );
}
