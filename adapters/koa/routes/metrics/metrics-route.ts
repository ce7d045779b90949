import type Router from '@koa/router';
import type { HttpMetrics } from '../../metrics/http-metrics.js';

/** GET /metrics: off the API, without a key, as Prometheus scrapes it; text, not JSON, so Koa's writer writes it. */
export function addMetricsRoute(router: Router, metrics: Pick<HttpMetrics, 'exposition'>): void {
  router.get('/metrics', async (ctx) => {
    const { contentType, text } = await metrics.exposition();
    ctx.type = contentType;
    ctx.body = text;
  });
}
