import type { Context } from 'koa';

/** The slice of a logger the HTTP adapter needs; pino's logger fits it. */
export interface HttpLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
  child(bindings: { requestId: string }): HttpLogger;
}

interface RequestLogState {
  requestId: string;
  logger: HttpLogger;
  /** Made on first use: most requests log only their access line, which binds the id itself. */
  requestLogger?: HttpLogger;
}

/** Binds the request's id and the service's logger to the request; the request context does it first. */
export function startRequestLog(ctx: Context, requestId: string, logger: HttpLogger): void {
  Object.assign(ctx.state, { requestId, logger });
}

/** The logger bound to this request's id. */
export function requestLogger(ctx: Context): HttpLogger {
  const state = ctx.state as RequestLogState;
  state.requestLogger ??= state.logger.child({ requestId: state.requestId });
  return state.requestLogger;
}

/** One warn line, with the request id, for a client connection that failed mid-request. */
export function logConnectionFailure(ctx: Context, error: Error & { code?: string }): void {
  requestLogger(ctx).warn({ error: error.message, code: error.code }, 'connection failed before the response was complete');
}

/** What the access line of a request says: one line a request, once its response is over. */
export interface AccessEntry {
  readonly requestId: string;
  readonly method: string;
  /** The path only: a query string is the client's to fill, so it stays out of the logs. */
  readonly path: string;
  /** Before any response went out, there is no status to speak of. */
  readonly status: number | undefined;
  readonly durationMs: number;
  /** Only when the response was cut short. */
  readonly aborted: true | undefined;
}

/** Writes a request's access line; the service gives one that writes it straight to its log's stream. */
export type AccessLog = (entry: AccessEntry) => void;

/** The access line written as any other log line, an info line `request` (undefined fields left out). */
export function accessLogOf(logger: HttpLogger): AccessLog {
  return (entry) => {
    logger.info(entry, 'request');
  };
}
