import type Router from '@koa/router';
import Koa from 'koa';
import { createRouter } from '../router.js';
import { errorHandler } from '../errors/error-middleware.js';
import { requestContext } from '../middleware/request-context.js';
import type { HttpLogger } from '../http-logger.js';
import type { HttpMetrics } from './http-metrics.js';
import { apiSecurityHeaders } from '../middleware/security-headers.js';

/**
 * GET /metrics on its own (METRICS_PORT), for a port that only the scraper can reach; any other
 * request gets the same Error answers as on the API's port.
 */
export function createMetricsApp(metrics: Pick<HttpMetrics, 'exposition'>, logger: HttpLogger): Koa {
  const app = new Koa();
  const router = createRouter();
  addMetricsRoute(router, metrics);
  app.use(requestContext(logger));
  app.use(apiSecurityHeaders());
  app.use(errorHandler());
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}

/** GET /metrics: off the API, without a key, as Prometheus scrapes it. */
export function addMetricsRoute(router: Router, metrics: Pick<HttpMetrics, 'exposition'>): void {
  router.get('/metrics', async (ctx) => {
    const { contentType, text } = await metrics.exposition();
    ctx.type = contentType;
    ctx.body = text;
  });
}
