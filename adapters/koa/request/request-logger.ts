import type { Context } from 'koa';
import type { HttpLogger } from '@petstore/http/logs/http-logger.js';
import { requestStateOf } from './request-state.js';

/** The logger bound to this request's id, and to its trace when it is traced. */
export function requestLogger(ctx: Context): HttpLogger {
  const state = requestStateOf(ctx);
  state.requestLogger ??= state.logger.child({ requestId: state.requestId, ...state.traceIds });
  return state.requestLogger;
}

/** One warn line, with the request id, for a client connection that failed mid-request. */
export function logConnectionFailure(ctx: Context, error: Error & { code?: string }): void {
  requestLogger(ctx).warn(
    { error: error.message, code: error.code },
    'connection failed before the response was complete',
  );
}
