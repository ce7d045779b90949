import Koa from 'koa';
import { createRouter } from './api-paths.js';
import { errorHandler } from './error-middleware.js';
import { requestContext, type HttpLogger } from './request-context.js';
import { addMetricsRoute, type HttpMetrics } from './request-metrics.js';
import { apiSecurityHeaders } from './security-headers.js';

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
