import type { Context } from 'koa';
import { accessLevelOf } from './probe-paths.js';

/** The slice of a logger the HTTP adapter needs; pino's logger fits it. */
export interface HttpLogger {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
  child(bindings: { requestId: string } & Partial<TraceIds>): HttpLogger;
}

/** Where a traced request sits in its trace, by the field names OpenTelemetry gives log records. */
export interface TraceIds {
  readonly trace_id: string;
  readonly span_id: string;
}

interface RequestLogState {
  requestId: string;
  logger: HttpLogger;
  traceIds?: TraceIds;
  /** Made on first use: most requests log only their access line, which binds the id itself. */
  requestLogger?: HttpLogger;
}

/** Binds the request's id and the service's logger to the request; the request context does it first. */
export function startRequestLog(ctx: Context, requestId: string, logger: HttpLogger): void {
  Object.assign(ctx.state, { requestId, logger });
}

/**
 * Binds a traced request's place in its trace to every line it logs; the request tracing does it before any is written.
 */
export function traceRequestLog(ctx: Context, traceIds: TraceIds): void {
  (ctx.state as RequestLogState).traceIds = traceIds;
}

/** The request's place in its trace; undefined when it is not traced. */
export function requestTraceIds(ctx: Context): TraceIds | undefined {
  return (ctx.state as RequestLogState).traceIds;
}

/** The logger bound to this request's id, and to its trace when it is traced. */
export function requestLogger(ctx: Context): HttpLogger {
  const state = ctx.state as RequestLogState;
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

/** What the access line of a request says: one line a request, once its response is over. */
export interface AccessEntry {
  readonly requestId: string;
  /** Only for a traced request. */
  readonly traceIds: TraceIds | undefined;
  /** The client's address: the peer's, or behind trusted proxies the one they forwarded for. */
  readonly clientAddress: string;
  /** Which key was let in, by the first digits of its SHA-256 digest: never the key. Only for a request admitted. */
  readonly keyDigest: string | undefined;
  readonly method: string;
  /** The path only: a query string is the client's to fill, so it stays out of the logs. */
  readonly path: string;
  /** Before any response went out, there is no status to speak of. */
  readonly status: number | undefined;
  readonly durationMs: number;
  /** Only when the response was cut short. */
  readonly aborted: true | undefined;
  /** As the client sent it, cut to its first USER_AGENT_MAX_LENGTH characters; only when it sent one. */
  readonly userAgent: string | undefined;
}

/** Enough of a User-Agent to tell clients apart; a client may send kilobytes of it, which no line should carry. */
export const USER_AGENT_MAX_LENGTH = 256;

/** Hex digits of a key's digest on the access line: enough to tell keys apart, too few to stand for the digest. */
export const KEY_DIGEST_DIGITS = 12;

/** Writes a request's access line; the service gives one that writes it straight to its log's stream. */
export type AccessLog = (entry: AccessEntry) => void;

/** The access line written as any other log line, a line `request` at its level (undefined fields left out). */
export function accessLogOf(logger: HttpLogger): AccessLog {
  return ({ requestId, traceIds, ...entry }) => {
    logger[accessLevelOf(entry.path, entry.status)]({ requestId, ...traceIds, ...entry }, 'request');
  };
}
