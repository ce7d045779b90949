import type { Authenticator } from '@petstore/core/ports.js';
import { ApiError } from '../errors/api-error.js';
import { BEARER_TOKEN } from './bearer-token.js';

const REALM = 'Bearer realm="petstore"';

/** Who sent a request: the client its key names, or the 401 it earns. */
export type Caller = { readonly client: string } | { readonly refusal: ApiError };

/**
 * Whose key an `Authorization` header carries ('' when none was sent), or the 401 it earns; it
 * refuses nothing itself, so that a caller without a valid key is rate-limited before it is refused.
 */
export async function identifyCaller(authenticator: Authenticator, authorization: string): Promise<Caller> {
  const token = bearerToken(authorization);
  if (token === undefined) {
    return unauthorized('An API key is required: send Authorization: Bearer <key>', REALM);
  }
  const client = BEARER_TOKEN.test(token) ? await authenticator.authenticate(token) : undefined;
  if (client === undefined) return unauthorized('The API key is not valid', `${REALM}, error="invalid_token"`);
  return { client };
}

const unauthorized = (message: string, challenge: string): Caller => ({
  refusal: new ApiError('unauthorized', message, { headers: { 'WWW-Authenticate': challenge } }),
});

/**
 * The token of a Bearer header, whatever its syntax, or undefined when none is presented.
 * Scheme names are case-insensitive (RFC 7235); hosts have already trimmed the header value.
 */
function bearerToken(header: string): string | undefined {
  return /^bearer +(.+)/i.exec(header)?.[1];
}
