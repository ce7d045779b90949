import { randomUUID } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { peerAddress, type ClientAddressOf } from '../wire/client-address.js';
import { REQUEST_ID_HEADER } from '../wire/header-names.js';
import {
  accessLogOf,
  KEY_DIGEST_DIGITS,
  requestTraceIds,
  startRequestLog,
  USER_AGENT_MAX_LENGTH,
  type AccessLog,
  type HttpLogger,
} from '../wire/request-log.js';
import { applyResponseHeaders, startResponseHeaders } from '../wire/response-headers.js';
import { admittedClient } from './api-key.js';

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

export interface RequestContextOptions {
  readonly observer?: RequestObserver | undefined;
  readonly accessLog?: AccessLog | undefined;
  /** Where a request comes from; unset: its peer's address. */
  readonly clientAddressOf?: ClientAddressOf | undefined;
}

/**
 * Outermost middleware: gives the request its id and its client's address, sends the id back, binds
 * it to every log line of the request, and writes one access line once the response is over,
 * whatever happened.
 */
export function requestContext(
  logger: HttpLogger,
  { observer, accessLog = accessLogOf(logger), clientAddressOf = peerAddress }: RequestContextOptions = {},
): Middleware {
  return async function identifyAndLogRequest(ctx, next) {
    const started = performance.now();
    observer?.requestArrived();
    const offered = ctx.get(REQUEST_ID_HEADER);
    const requestId = SANE_REQUEST_ID.test(offered) ? offered : randomUUID();
    startResponseHeaders(ctx, [REQUEST_ID_HEADER, requestId]);
    startRequestLog(ctx, requestId, logger);
    // As Koa's own ip, so that what reads ctx.ip (the rate limit's bucket per address) reads the client's.
    const clientAddress = clientAddressOf(ctx);
    ctx.request.ip = clientAddress;

    const { method, path } = ctx;
    const userAgent = ctx.get('User-Agent');
    // 'close' comes once the response is sent, or the client went away first: one line either way.
    ctx.res.once('close', () => {
      const elapsedMs = performance.now() - started;
      observer?.requestClosed(ctx, elapsedMs);
      accessLog({
        requestId,
        traceIds: requestTraceIds(ctx),
        clientAddress,
        keyDigest: admittedClient(ctx)?.slice(0, KEY_DIGEST_DIGITS),
        method,
        path,
        status: ctx.res.headersSent ? ctx.res.statusCode : undefined,
        durationMs: Math.round(elapsedMs * 10) / 10,
        aborted: ctx.res.writableFinished ? undefined : true,
        userAgent: userAgent === '' ? undefined : userAgent.slice(0, USER_AGENT_MAX_LENGTH),
      });
    });
    await next();
    // JSON responses were written with their headers; what Koa writes gets them now.
    if (ctx.respond !== false) applyResponseHeaders(ctx);
  };
}
