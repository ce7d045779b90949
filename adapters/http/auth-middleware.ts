import type { Context } from 'koa';
import type { Authenticator } from '../../core/ports.js';
import { ApiError } from './api-error.js';

const REALM = 'Bearer realm="petstore"';
/** RFC 6750 b64token: the characters a bearer token may hold. */
export const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/** Who sent a request: the client its key names, or why it names none. */
export type Caller = { readonly client: string } | { readonly refusal: ApiError };

/**
 * Reads the request's API key and asks the authenticator whose it is. It refuses nothing itself:
 * the rate limit must first count a caller without a valid key too (see guardApi).
 */
export function callerIdentifier(authenticator: Authenticator): (ctx: Context) => Promise<Caller> {
  return async function identifyCaller(ctx) {
    const token = bearerToken(ctx.get('Authorization'));
    if (token === undefined) {
      return refusal('An API key is required: send Authorization: Bearer <key>', REALM);
    }
    const client = BEARER_TOKEN.test(token) ? await authenticator.authenticate(token) : undefined;
    if (client === undefined) return refusal('The API key is not valid', `${REALM}, error="invalid_token"`);
    return { client };
  };
}

const refusal = (message: string, challenge: string): Caller => ({
  refusal: new ApiError('unauthorized', message, { headers: { 'WWW-Authenticate': challenge } }),
});

/** Lets a caller with a valid key through, and remembers whose it is; any other gets its 401. */
export function admitCaller(ctx: Context, caller: Caller): void {
  if ('refusal' in caller) throw caller.refusal;
  (ctx.state as AuthenticatedState).client = caller.client;
}

interface AuthenticatedState {
  client: string;
}

/** The client whose key the request carried; only for requests admitted by admitCaller. */
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
