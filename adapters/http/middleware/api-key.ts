import type { Context, Middleware } from 'koa';
import type { Authenticator } from '../../../core/ports.js';
import type { RateLimit } from '../rate-limit/rate-limit.js';
import { identifyCaller, type Caller } from '../request/caller.js';
import { requestStateOf } from '../request/request-state.js';
import { isUnderApi } from '../routing/api-paths.js';

/**
 * The API key check, before routing and validation for every path under /v1, so that a caller
 * without a valid key learns nothing, not even which routes exist. In order: whose key it is,
 * whether that caller (or, without a valid key, that address) is within its rate, and only then
 * whether it may come in at all; so a flood of bad keys is limited like any other.
 */
export function requireApiKey(authenticator: Authenticator, limitRate: RateLimit | undefined): Middleware {
  return async function checkApiKey(ctx, next): Promise<void> {
    if (isUnderApi(ctx.path)) {
      const caller = await identifyCaller(authenticator, ctx.get('Authorization'));
      limitRate?.(ctx, 'client' in caller ? caller.client : undefined);
      admitCaller(ctx, caller);
    }
    await next();
  };
}

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
