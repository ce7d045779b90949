import Koa from 'koa';
import type { HttpMetrics } from './metrics/http-metrics.js';
import { renderErrors } from './middleware/render-errors.js';
import { requestContext } from './middleware/request-context.js';
import { apiSecurityHeaders } from './middleware/security-headers.js';
import { addMetricsRoute } from './routes/metrics/metrics-route.js';
import type { HttpLogger } from './logs/http-logger.js';
import { createRouter } from './routing/router.js';

/**
 * GET /metrics on its own (METRICS_PORT), for a port that only the scraper can reach; any other
 * request gets the same Error responses as on the API's port.
 */
export function createMetricsApp(metrics: Pick<HttpMetrics, 'exposition'>, logger: HttpLogger): Koa {
  const app = new Koa();
  const router = createRouter();
  addMetricsRoute(router, metrics);
  app.use(requestContext(logger));
  app.use(apiSecurityHeaders());
  app.use(renderErrors());
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
