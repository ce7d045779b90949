import type { Middleware } from 'koa';
import type { Authenticator } from '../../core/ports.js';
import { ApiError } from './api-error.js';

const REALM = 'Bearer realm="petstore"';
/** RFC 6750 b64token: the characters a bearer token may hold. */
const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

type Presented = { kind: 'none' } | { kind: 'token'; token: string };

/**
 * Guards everything it is mounted on, before routing and validation, so that a caller
 * without a valid key learns nothing, not even which routes exist.
 */
export function requireApiKey(authenticator: Authenticator): Middleware {
  return async function checkApiKey(ctx, next) {
    const presented = bearerCredential(ctx.get('Authorization'));
    if (presented.kind === 'none') {
      throw new ApiError('unauthorized', 'An API key is required: send Authorization: Bearer <key>', {
        headers: { 'WWW-Authenticate': REALM },
      });
    }
    const valid = BEARER_TOKEN.test(presented.token) && (await authenticator.authenticate(presented.token));
    if (!valid) {
      throw new ApiError('unauthorized', 'The API key is not valid', {
        headers: { 'WWW-Authenticate': `${REALM}, error="invalid_token"` },
      });
    }
    await next();
  };
}

/** Auth schemes are case-insensitive (RFC 7235); a header of another scheme presents no bearer token. */
export function bearerCredential(header: string): Presented {
  const match = /^bearer(?:[ ]+(.*))?$/i.exec(header.trim());
  const token = match?.[1]?.trim();
  return token ? { kind: 'token', token } : { kind: 'none' };
}
