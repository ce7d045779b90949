import type Router from '@koa/router';
import type { ServerResponse } from 'node:http';
import { IDEMPOTENT_REPLAYED_HEADER } from './idempotency-header.js';
import { operationOf, type MeasuredOperation } from './operations.js';
import type { RequestObserver } from './request-context.js';

/** The class of an answer's status, or `aborted` when the client left before one was sent. */
export const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx', 'aborted'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

/** What the HTTP adapter reports about the requests it serves; every label is from a fixed set. */
export interface HttpMetrics {
  requestStarted(): void;
  requestFinished(operation: MeasuredOperation, statusClass: StatusClass, seconds: number): void;
  requestRateLimited(operation: MeasuredOperation): void;
  requestReplayed(): void;
  /** The metrics in the Prometheus text format. */
  exposition(): Promise<{ contentType: string; text: string }>;
}

/** Times every request from its arrival to the end of its answer, whatever answered it. */
export function requestMetricsObserver(metrics: HttpMetrics, router: Router): RequestObserver {
  return {
    requestArrived: () => {
      metrics.requestStarted();
    },
    requestClosed: (ctx, elapsedMs) => {
      metrics.requestFinished(operationOf(ctx, router), statusClassOf(ctx.res), elapsedMs / 1000);
      if (ctx.res.hasHeader(IDEMPOTENT_REPLAYED_HEADER)) metrics.requestReplayed();
    },
  };
}

function statusClassOf(response: ServerResponse): StatusClass {
  // A status is only sent when the headers are; a response cut short sent neither.
  if (!response.headersSent) return 'aborted';
  return STATUS_CLASSES[Math.floor(response.statusCode / 100) - 1] ?? 'aborted';
}

/** GET /metrics: off the API, without a key, as Prometheus scrapes it. */
export function addMetricsRoute(router: Router, metrics: Pick<HttpMetrics, 'exposition'>): void {
  router.get('/metrics', async (ctx) => {
    const { contentType, text } = await metrics.exposition();
    ctx.type = contentType;
    ctx.body = text;
  });
}
