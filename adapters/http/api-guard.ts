import type { Middleware } from 'koa';
import type { Authenticator } from '../../core/ports.js';
import { isUnderApi } from './api-paths.js';
import { admitCaller, callerIdentifier } from './auth-middleware.js';
import type { RateLimit } from './rate-limit/rate-limit.js';

/**
 * What stands before every route under /v1, before routing and validation, so that a caller
 * without a valid key learns nothing, not even which routes exist. In order: whose key it is,
 * whether that caller (or, without a valid key, that address) is within its rate, and only
 * then whether it may come in at all; so a flood of bad keys is limited like any other.
 */
export function guardApi(authenticator: Authenticator, limitRate: RateLimit | undefined): Middleware {
  const identifyCaller = callerIdentifier(authenticator);
  return async function guardApiRoutes(ctx, next): Promise<void> {
    if (isUnderApi(ctx.path)) {
      const caller = await identifyCaller(ctx);
      limitRate?.(ctx, 'client' in caller ? caller.client : undefined);
      admitCaller(ctx, caller);
    }
    await next();
  };
}
