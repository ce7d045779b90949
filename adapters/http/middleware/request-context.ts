import { randomUUID } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { REQUEST_ID_HEADER } from '../wire/header-names.js';
import { accessLogOf, requestTraceIds, startRequestLog, type AccessLog, type HttpLogger } from '../wire/request-log.js';
import { applyResponseHeaders, startResponseHeaders } from '../wire/response-headers.js';

/**
 * A client's id is kept when it could not confuse a log reader or a header parser:
 * UUIDs, ULIDs, W3C trace ids, AWS trace headers and the like, up to 128 characters.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9\-._~:;=+/@]{1,128}$/;

/**
 * Told of each request as it arrives and once its response is over (sent, or cut short); the
 * request context's own timing and listener serve it, so observing costs a request little more.
 */
export interface RequestObserver {
  requestArrived(): void;
  requestClosed(ctx: Context, elapsedMs: number): void;
}

/**
 * Outermost middleware: gives the request its id, sends it back, binds it to every log line of
 * the request, and writes one access line once the response is over, whatever happened.
 */
export function requestContext(
  logger: HttpLogger,
  {
    observer,
    accessLog = accessLogOf(logger),
  }: { observer?: RequestObserver | undefined; accessLog?: AccessLog | undefined } = {},
): Middleware {
  return async function identifyAndLogRequest(ctx, next) {
    const started = performance.now();
    observer?.requestArrived();
    const offered = ctx.get(REQUEST_ID_HEADER);
    const requestId = SANE_REQUEST_ID.test(offered) ? offered : randomUUID();
    startResponseHeaders(ctx, [REQUEST_ID_HEADER, requestId]);
    startRequestLog(ctx, requestId, logger);

    const { method, path } = ctx;
    // 'close' comes once the response is sent, or the client went away first: one line either way.
    ctx.res.once('close', () => {
      const elapsedMs = performance.now() - started;
      observer?.requestClosed(ctx, elapsedMs);
      accessLog({
        requestId,
        traceIds: requestTraceIds(ctx),
        method,
        path,
        status: ctx.res.headersSent ? ctx.res.statusCode : undefined,
        durationMs: Math.round(elapsedMs * 10) / 10,
        aborted: ctx.res.writableFinished ? undefined : true,
      });
    });
    await next();
    // JSON responses were written with their headers; what Koa writes gets them now.
    if (ctx.respond !== false) applyResponseHeaders(ctx);
  };
}
