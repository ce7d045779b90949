import type { Middleware } from 'koa';
import { peerAddress, type ClientAddressOf } from '@petstore/http/proxies/client-address.js';
import { REQUEST_ID_HEADER } from '@petstore/http/request/header-names.js';
import type { HttpLogger } from '@petstore/http/logs/http-logger.js';
import { accessEntryOf, accessLogOf, type AccessLog } from '@petstore/http/logs/request-log.js';
import { requestIdOf } from '@petstore/http/request/request-id.js';
import type { RequestObserver } from '../request/request-observer.js';

export type { RequestObserver } from '../request/request-observer.js';
import { requestPath } from '../request/request-path.js';
import { startRequestState } from '../request/request-state.js';
import { applyResponseHeaders } from '../response/response-headers.js';

export interface RequestContextOptions {
  readonly observer?: RequestObserver | undefined;
  readonly accessLog?: AccessLog | undefined;
  /** Where a request comes from; unset: its peer's address. */
  readonly clientAddressOf?: ClientAddressOf | undefined;
}

/**
 * Outermost middleware: gives the request its state (its id, its client's address, its arrival, its
 * response headers, see request-state.ts), sends the id back, and writes one access line once the
 * response is over, whatever happened.
 */
export function requestContext(
  logger: HttpLogger,
  { observer, accessLog = accessLogOf(logger), clientAddressOf = peerAddress }: RequestContextOptions = {},
): Middleware {
  return async function identifyAndLogRequest(ctx, next) {
    const arrivedAt = performance.now();
    observer?.requestArrived();
    const requestId = requestIdOf(ctx.get(REQUEST_ID_HEADER));
    const state = startRequestState(ctx, {
      requestId,
      clientAddress: clientAddressOf(ctx),
      arrivedAt,
      logger,
      responseHeaders: [[REQUEST_ID_HEADER, requestId]],
    });

    const { method } = ctx;
    const path = requestPath(ctx);
    const userAgent = ctx.get('User-Agent');
    // 'close' comes once the response is sent, or the client went away first: one line either way.
    ctx.res.once('close', () => {
      const elapsedMs = performance.now() - state.arrivedAt;
      observer?.requestClosed(ctx, elapsedMs);
      accessLog(
        accessEntryOf({
          requestId,
          traceIds: state.traceIds,
          clientAddress: state.clientAddress,
          client: state.client,
          method,
          path,
          status: ctx.res.headersSent ? ctx.res.statusCode : undefined,
          elapsedMs,
          aborted: !ctx.res.writableFinished,
          userAgent,
        }),
      );
    });
    await next();
    // JSON bodies left through sendJson with their headers; what Koa still writes (the docs page and its
    // files, /openapi.json, /metrics, empty answers to OPTIONS) gets them now.
    if (ctx.respond !== false) applyResponseHeaders(ctx);
  };
}
