import { RATE_LIMIT_POLICY_SYNTAX, RATE_LIMIT_SYNTAX } from '../rate-limit/rate-limiter.js';
import { RATE_LIMIT_HEADER, RATE_LIMIT_POLICY_HEADER, REQUEST_ID_HEADER } from '../request/header-names.js';
import { CORS_ALLOW_ORIGIN_HEADER, CORS_EXPOSE_HEADERS_HEADER } from './cors-headers.js';

/** A count or a number of seconds in a rate limit header is an integer held exactly: at most 16 digits. */
const NUMBER_DIGITS = String(Number.MAX_SAFE_INTEGER).length;
const INT32_MAX = 2 ** 31 - 1;

/** The headers any operation's responses can carry, as the document describes them. */
export const COMMON_RESPONSE_HEADERS = {
  [REQUEST_ID_HEADER]: {
    description: "The request's id: the client's own `X-Request-Id` when it sent a usable one, else generated.",
    required: true,
    // Visible ASCII: a generated UUID, or the client's id, which the service takes only in these characters.
    schema: {
      type: 'string',
      minLength: 1,
      maxLength: 128,
      pattern: '^[!-~]+$',
      examples: ['0b6f3a52-5d1e-4c8a-9f27-3e4d5c6b7a81'],
    },
  },
  'WWW-Authenticate': {
    description: 'The Bearer challenge (RFC 6750).',
    required: true,
    schema: {
      type: 'string',
      maxLength: 64,
      pattern: '^Bearer realm="[^"]*"(, error="[a-z_]+")?$',
      examples: ['Bearer realm="petstore"'],
    },
  },
  'Retry-After': {
    description: 'Seconds to wait before retrying.',
    required: true,
    schema: { type: 'integer', format: 'int32', minimum: 0, maximum: INT32_MAX, examples: [1] },
  },
  [RATE_LIMIT_POLICY_HEADER]: {
    description:
      'The rate limit (draft-ietf-httpapi-ratelimit-headers-09, a structured field list): at most `q` requests in ' +
      '`w` seconds, with bursts of up to `q`, for each API key and, for requests without a valid key, each address ' +
      '(an IPv6 /64). Per instance of the service, or across the instances sharing `RATE_LIMIT_STORE`. Absent when ' +
      'the limit is turned off, and on responses given before the key check (requests that are not valid HTTP, or ' +
      'whose path is not in its one spelling), which are not counted.',
    schema: {
      type: 'string',
      maxLength: '"default";q=;w='.length + 2 * NUMBER_DIGITS,
      pattern: RATE_LIMIT_POLICY_SYNTAX.source,
      examples: ['"default";q=6000;w=60'],
    },
  },
  [RATE_LIMIT_HEADER]: {
    description:
      'Where the client stands (draft-ietf-httpapi-ratelimit-headers-09): `r` requests remain, and the full quota ' +
      'is back in `t` seconds. Present whenever `RateLimit-Policy` is.',
    schema: {
      type: 'string',
      maxLength: '"default";r=;t='.length + 2 * NUMBER_DIGITS,
      pattern: RATE_LIMIT_SYNTAX.source,
      examples: ['"default";r=5999;t=1'],
    },
  },
};

/** A reference to a header the document's components hold. */
export const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** The headers every response of an operation carries, the CORS ones when its origin is listed. */
export const everyResponseHeaders = () => ({
  [REQUEST_ID_HEADER]: headerRef(REQUEST_ID_HEADER),
  [RATE_LIMIT_POLICY_HEADER]: headerRef(RATE_LIMIT_POLICY_HEADER),
  [RATE_LIMIT_HEADER]: headerRef(RATE_LIMIT_HEADER),
  [CORS_ALLOW_ORIGIN_HEADER]: headerRef(CORS_ALLOW_ORIGIN_HEADER),
  [CORS_EXPOSE_HEADERS_HEADER]: headerRef(CORS_EXPOSE_HEADERS_HEADER),
});
