import { GET_PET_DEPRECATION, GET_PET_SUNSET } from '../middleware/deprecation.js';
import { IDEMPOTENT_REPLAYED_HEADER } from '../routes/idempotency-header.js';
import { RATE_LIMIT_HEADER, RATE_LIMIT_POLICY_HEADER, RATE_LIMIT_POLICY_SYNTAX, RATE_LIMIT_SYNTAX } from '../rate-limit/rate-limit.js';
import { REQUEST_ID_HEADER } from '../middleware/request-context.js';

/** Every header a response of the API can carry, as the document describes it. */
export const RESPONSE_HEADERS = {
  [REQUEST_ID_HEADER]: {
    description: "The request's id: the client's own `X-Request-Id` when it sent a usable one, else generated.",
    required: true,
    schema: { type: 'string', minLength: 1, maxLength: 128 },
  },
  Link: {
    description: 'RFC 8288 link to the next page (`rel="next"`); absent on the last page.',
    schema: { type: 'string' },
  },
  Location: { description: 'The path of the new pet.', required: true, schema: { type: 'string', format: 'uri-reference' } },
  Sunset: {
    description: 'RFC 8594: the date the operation is removed.',
    required: true,
    schema: { type: 'string', const: GET_PET_SUNSET },
  },
  Deprecation: {
    description: 'RFC 9745: deprecated since this moment (a Unix time).',
    required: true,
    schema: { type: 'string', const: GET_PET_DEPRECATION },
  },
  'WWW-Authenticate': { description: 'The Bearer challenge (RFC 6750).', required: true, schema: { type: 'string' } },
  [IDEMPOTENT_REPLAYED_HEADER]: {
    description: 'Present, and `true`, when this answer is the stored answer to an earlier request with the same `Idempotency-Key`.',
    schema: { type: 'string', const: 'true' },
  },
  'Retry-After': { description: 'Seconds to wait before retrying.', required: true, schema: { type: 'integer', minimum: 0 } },
  [RATE_LIMIT_POLICY_HEADER]: {
    description:
      'The rate limit (draft-ietf-httpapi-ratelimit-headers-09, a structured field list): at most `q` requests in `w` seconds, ' +
      'with bursts of up to `q`, for each API key and, for requests without a valid key, each address (an IPv6 /64). ' +
      'Per instance of the service. Absent when the limit is turned off, and on answers given before the key check ' +
      '(requests that are not valid HTTP, or whose path is not in its one spelling), which are not counted.',
    schema: { type: 'string', pattern: RATE_LIMIT_POLICY_SYNTAX.source, examples: ['"default";q=6000;w=60'] },
  },
  [RATE_LIMIT_HEADER]: {
    description:
      'Where the client stands (draft-ietf-httpapi-ratelimit-headers-09): `r` requests remain, and the full quota is back in `t` seconds. ' +
      'Present whenever `RateLimit-Policy` is.',
    schema: { type: 'string', pattern: RATE_LIMIT_SYNTAX.source, examples: ['"default";r=5999;t=1'] },
  },
};

/** What a browser script may read of a response: everything the document promises. */
export const RESPONSE_HEADER_NAMES = Object.keys(RESPONSE_HEADERS);
