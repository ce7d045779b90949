import type { Span } from '@opentelemetry/api';
import type { Context } from 'koa';

/** The span of a traced request, kept on its context for what has something to add to it. */
const SPAN = Symbol('request span');

interface ContextWithSpan extends Context {
  [SPAN]?: Span;
}

/** Binds a request's span to it; the request tracing does it before anything else can ask. */
export function startRequestSpan(ctx: Context, span: Span): void {
  (ctx as ContextWithSpan)[SPAN] = span;
}

/** The request's span; undefined when tracing is off. */
export function requestSpan(ctx: Context): Span | undefined {
  return (ctx as ContextWithSpan)[SPAN];
}

/** Marks a traced request as refused for its rate. */
export const RATE_LIMITED_ATTRIBUTE = 'petstore.rate_limited';

/** Marks the request as refused for its rate, when it is traced. */
export function markRateLimited(ctx: Context): void {
  requestSpan(ctx)?.setAttribute(RATE_LIMITED_ATTRIBUTE, true);
}

/** Records on a traced request's span the error its 5xx response was made from. */
export function recordRequestFailure(ctx: Context, error: unknown): void {
  requestSpan(ctx)?.recordException(error instanceof Error ? error : String(error));
}
