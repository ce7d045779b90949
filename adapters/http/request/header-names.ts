/** The headers of this API's own, by the name it writes and reads them under. */
export const REQUEST_ID_HEADER = 'X-Request-Id';
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * The fields of the IETF HTTPAPI draft (draft-ietf-httpapi-ratelimit-headers-09): the policy, and
 * where the client stands in it.
 */
export const RATE_LIMIT_POLICY_HEADER = 'RateLimit-Policy';
export const RATE_LIMIT_HEADER = 'RateLimit';

/** The request headers a browser script may send across origins (CORS): what the API reads. */
export const CORS_REQUEST_HEADERS = ['Authorization', 'Content-Type', REQUEST_ID_HEADER, IDEMPOTENCY_KEY_HEADER];
