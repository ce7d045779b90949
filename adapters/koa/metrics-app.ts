import Koa from 'koa';
import type { HttpMetrics } from './metrics/http-metrics.js';
import { requireImplementedMethod } from './middleware/implemented-methods.js';
import { renderErrors } from './middleware/render-errors.js';
import { requestContext } from './middleware/request-context.js';
import { apiSecurityHeaders } from './middleware/security-headers.js';
import { addMetricsRoute } from './routes/metrics/metrics-route.js';
import type { HttpLogger } from '@petstore/http/logs/http-logger.js';
import { createRouter } from './routing/router.js';

/** What the metrics port answers: GET /metrics, HEAD with it, and OPTIONS; any other method is a 501 here. */
const METRICS_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];

/**
 * GET /metrics on its own (METRICS_PORT), for a port that only the scraper can reach; any other
 * request gets an Error response by the API port's rules, for the methods this port answers.
 */
export function createMetricsApp(metrics: Pick<HttpMetrics, 'exposition'>, logger: HttpLogger): Koa {
  const app = new Koa();
  const router = createRouter();
  addMetricsRoute(router, metrics);
  app.use(requestContext(logger));
  app.use(apiSecurityHeaders());
  app.use(renderErrors());
  app.use(requireImplementedMethod(METRICS_METHODS));
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
