import type Router from '@koa/router';
import type { ServerResponse } from 'node:http';
import type { RequestObserver } from '../request/request-observer.js';
import { operationOf } from '../routing/operation-of.js';
import { requestStateOf } from '../request/request-state.js';
import { STATUS_CLASSES, type HttpMetrics, type StatusClass } from './http-metrics.js';

/** Times every request from its arrival to the end of its response, whatever served it. */
export function requestMetricsObserver(
  metrics: HttpMetrics,
  router: Router,
  operations: ReadonlySet<string>,
): RequestObserver {
  return {
    requestArrived: () => {
      metrics.requestStarted();
    },
    requestClosed: (ctx, elapsedMs) => {
      metrics.requestFinished(operationOf(ctx, router, operations), statusClassOf(ctx.res), elapsedMs / 1000);
      if (requestStateOf(ctx).replayed) metrics.requestReplayed();
    },
  };
}

function statusClassOf(response: ServerResponse): StatusClass {
  // A status is only sent when the headers are; a response cut short sent neither.
  if (!response.headersSent) return 'aborted';
  return STATUS_CLASSES[Math.floor(response.statusCode / 100) - 1] ?? 'aborted';
}
