import { RATE_LIMIT_POLICY_SYNTAX, RATE_LIMIT_SYNTAX } from '../rate-limit/rate-limit.js';
import { RATE_LIMIT_HEADER, RATE_LIMIT_POLICY_HEADER, REQUEST_ID_HEADER } from '../wire/header-names.js';

/** The headers any operation's responses can carry, as the document describes them. */
export const COMMON_RESPONSE_HEADERS = {
  [REQUEST_ID_HEADER]: {
    description: "The request's id: the client's own `X-Request-Id` when it sent a usable one, else generated.",
    required: true,
    schema: { type: 'string', minLength: 1, maxLength: 128 },
  },
  'WWW-Authenticate': { description: 'The Bearer challenge (RFC 6750).', required: true, schema: { type: 'string' } },
  'Retry-After': {
    description: 'Seconds to wait before retrying.',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  [RATE_LIMIT_POLICY_HEADER]: {
    description:
      'The rate limit (draft-ietf-httpapi-ratelimit-headers-09, a structured field list): at most `q` requests in ' +
      '`w` seconds, with bursts of up to `q`, for each API key and, for requests without a valid key, each address ' +
      '(an IPv6 /64). Per instance of the service. Absent when the limit is turned off, and on responses given ' +
      'before the key check (requests that are not valid HTTP, or whose path is not in its one spelling), which are ' +
      'not counted.',
    schema: { type: 'string', pattern: RATE_LIMIT_POLICY_SYNTAX.source, examples: ['"default";q=6000;w=60'] },
  },
  [RATE_LIMIT_HEADER]: {
    description:
      'Where the client stands (draft-ietf-httpapi-ratelimit-headers-09): `r` requests remain, and the full quota ' +
      'is back in `t` seconds. Present whenever `RateLimit-Policy` is.',
    schema: { type: 'string', pattern: RATE_LIMIT_SYNTAX.source, examples: ['"default";r=5999;t=1'] },
  },
};

/** A reference to a header the document's components hold. */
export const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** The headers every response of an operation carries. */
export const everyResponseHeaders = () => ({
  [REQUEST_ID_HEADER]: headerRef(REQUEST_ID_HEADER),
  [RATE_LIMIT_POLICY_HEADER]: headerRef(RATE_LIMIT_POLICY_HEADER),
  [RATE_LIMIT_HEADER]: headerRef(RATE_LIMIT_HEADER),
});
