import type { Context, Middleware } from 'koa';
import type { Authenticator } from '../../../core/ports.js';
import type { RateLimit } from '../rate-limit/rate-limit.js';
import { ApiError } from '../errors/api-error.js';
import { BEARER_TOKEN } from '../request/bearer-token.js';
import { requestStateOf } from '../request/request-state.js';
import { isUnderApi } from '../routing/router.js';

const REALM = 'Bearer realm="petstore"';

/** Who sent a request: the client its key names, or why it names none. */
type Caller = { readonly client: string } | { readonly refusal: ApiError };

/**
 * The API key check, before routing and validation for every path under /v1, so that a caller
 * without a valid key learns nothing, not even which routes exist. In order: whose key it is,
 * whether that caller (or, without a valid key, that address) is within its rate, and only then
 * whether it may come in at all; so a flood of bad keys is limited like any other.
 */
export function requireApiKey(authenticator: Authenticator, limitRate: RateLimit | undefined): Middleware {
  return async function checkApiKey(ctx, next): Promise<void> {
    if (isUnderApi(ctx.path)) {
      const caller = await identifyCaller(authenticator, ctx);
      limitRate?.(ctx, 'client' in caller ? caller.client : undefined);
      admitCaller(ctx, caller);
    }
    await next();
  };
}

/** Whose key the request carries, or the 401 it earns; it refuses nothing itself. */
async function identifyCaller(authenticator: Authenticator, ctx: Context): Promise<Caller> {
  const token = bearerToken(ctx.get('Authorization'));
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

/** Lets a caller with a valid key through, and remembers whose it is; any other gets its 401. */
function admitCaller(ctx: Context, caller: Caller): void {
  if ('refusal' in caller) throw caller.refusal;
  requestStateOf(ctx).client = caller.client;
}

/** The client whose key the request carried; only for requests requireApiKey admitted. */
export function authenticatedClient(ctx: Context): string {
  const { client } = requestStateOf(ctx);
  // A route mounted outside /v1 that asks fails here, rather than keep idempotency keys under no client.
  if (client === undefined) throw new Error('authenticatedClient asked of a request requireApiKey did not admit');
  return client;
}

/**
 * The token of a Bearer header, whatever its syntax, or undefined when none is presented.
 * Scheme names are case-insensitive (RFC 7235); Node has already trimmed the header value.
 */
function bearerToken(header: string): string | undefined {
  return /^bearer +(.+)/i.exec(header)?.[1];
}
