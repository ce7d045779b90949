import type { Context, Middleware } from 'koa';
import type { Authenticator } from '../../core/ports.js';
import { ApiError } from './api-error.js';

const REALM = 'Bearer realm="petstore"';
/** RFC 6750 b64token: the characters a bearer token may hold. */
export const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/**
 * Guards everything it is mounted on, before routing and validation, so that a caller
 * without a valid key learns nothing, not even which routes exist.
 */
export function requireApiKey(authenticator: Authenticator): Middleware {
  return async function checkApiKey(ctx, next) {
    const token = bearerToken(ctx.get('Authorization'));
    if (token === undefined) {
      throw new ApiError('unauthorized', 'An API key is required: send Authorization: Bearer <key>', {
        headers: { 'WWW-Authenticate': REALM },
      });
    }
    const client = BEARER_TOKEN.test(token) ? await authenticator.authenticate(token) : undefined;
    if (client === undefined) {
      throw new ApiError('unauthorized', 'The API key is not valid', {
        headers: { 'WWW-Authenticate': `${REALM}, error="invalid_token"` },
      });
    }
    (ctx.state as AuthenticatedState).client = client;
    await next();
  };
}

interface AuthenticatedState {
  client: string;
}

/** The client whose key the request carried; only for requests that passed requireApiKey. */
export function authenticatedClient(ctx: Context): string {
  return (ctx.state as AuthenticatedState).client;
}

/**
 * The token of a Bearer header, whatever its syntax, or undefined when none is presented.
 * Scheme names are case-insensitive (RFC 7235); Node has already trimmed the header value.
 */
function bearerToken(header: string): string | undefined {
  return /^bearer +(.+)/i.exec(header)?.[1];
}
