import type { Context } from 'koa';
import { requestStateOf } from './request-state.js';

/** Marks a traced request as refused for its rate. */
export const RATE_LIMITED_ATTRIBUTE = 'petstore.rate_limited';

/** Marks the request as refused for its rate, when it is traced. */
export function markRateLimited(ctx: Context): void {
  requestStateOf(ctx).span?.setAttribute(RATE_LIMITED_ATTRIBUTE, true);
}

/** Records on a traced request's span the error its 5xx response was made from. */
export function recordRequestFailure(ctx: Context, error: unknown): void {
  requestStateOf(ctx).span?.recordException(error instanceof Error ? error : String(error));
}
