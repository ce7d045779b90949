import type { Context } from 'koa';
import { requestStateOf } from '../request/request-state.js';
import { addResponseHeaders } from '../response/response-headers.js';
import { rateLimiter } from './rate-limiter.js';
import type { RateLimitPolicy } from './token-buckets.js';

export { RATE_LIMIT_POLICY_SYNTAX, RATE_LIMIT_SYNTAX } from './rate-limiter.js';

export interface RateLimitOptions {
  readonly policy: RateLimitPolicy;
  /** Called for each refused request, before its 429 is thrown: the app counts it and marks its span. */
  readonly onRefused: (ctx: Context) => void;
}

/** Counts a request against its caller's bucket; past the limit, it is refused with 429. */
export type RateLimit = (ctx: Context, client: string | undefined) => void;

/** The Koa app's rate limit: the limiter's standing on the response, and its 429 thrown. */
export function rateLimit({ policy, onRefused }: RateLimitOptions): RateLimit {
  const take = rateLimiter(policy);
  return function limitRate(ctx, client) {
    const { headers, refusal } = take(client, requestStateOf(ctx).clientAddress);
    addResponseHeaders(ctx, ...headers);
    if (refusal !== undefined) {
      onRefused(ctx);
      throw refusal;
    }
  };
}
