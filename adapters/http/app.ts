import Koa from 'koa';
import type { Authenticator, PetRepository } from '../../core/ports.js';
import { createRouter } from './router.js';
import { requireApiKey } from './middleware/api-key.js';
import { requireCanonicalPath } from './middleware/canonical-path.js';
import { corsFor } from './middleware/cors.js';
import { addDocsRoutes } from './routes/docs-routes.js';
import { errorHandler } from './errors/error-middleware.js';
import { addHealthRoutes, type Shutdown } from './routes/health-routes.js';
import { buildOpenApiDocument, type ServerEntry } from './openapi/openapi-document.js';
import { addPetRoutes, type PetUseCases } from './routes/pets-routes.js';
import { operationOf } from './operations.js';
import { requireWellFormedRequest } from './middleware/protocol-checks.js';
import { rateLimit } from './rate-limit/rate-limit.js';
import type { RateLimitPolicy } from './rate-limit/token-buckets.js';
import { logConnectionFailure, requestContext } from './middleware/request-context.js';
import type { HttpLogger } from './http-logger.js';
import type { HttpMetrics } from './metrics/http-metrics.js';
import { addMetricsRoute } from './metrics/metrics-app.js';
import { requestMetricsObserver } from './metrics/request-metrics.js';
import { apiSecurityHeaders } from './middleware/security-headers.js';

export interface HttpAppDependencies extends PetUseCases {
  readonly authenticator: Authenticator;
  readonly storage: Pick<PetRepository, 'isReachable'>;
  /** Once begun, /readyz answers 503 (see Shutdown). */
  readonly shutdown: Shutdown;
  readonly logger: HttpLogger;
  /** Largest accepted request body, in bytes. */
  readonly bodyLimitBytes: number;
  /** The base addresses the OpenAPI document lists, each ending in /v1. */
  readonly servers: readonly ServerEntry[];
  /** Origins (scheme://host[:port]) whose browser scripts may call the API; none: CORS off. */
  readonly corsOrigins: readonly string[];
  /** Where requests are counted and timed; none: they are not. */
  readonly metrics: HttpMetrics | undefined;
  /** Whether this app answers GET /metrics itself (rather than a server of its own, on another port). */
  readonly servesMetrics: boolean;
  /** The rate each client is held to under /v1; none: no limit. */
  readonly rateLimit: RateLimitPolicy | undefined;
}

/** Builds the Koa application; the caller decides where and how it listens. */
export function createHttpApp(dependencies: HttpAppDependencies): Koa {
  const app = new Koa();
  // One router for every route: each request is matched once, whatever its path.
  const router = createRouter();
  addHealthRoutes(router, dependencies.storage, dependencies.shutdown);
  addDocsRoutes(router, buildOpenApiDocument({ servers: dependencies.servers }), { apiOrigins: originsOf(dependencies.servers) });
  addPetRoutes(router, dependencies, { bodyLimitBytes: dependencies.bodyLimitBytes });
  const { metrics } = dependencies;
  if (metrics && dependencies.servesMetrics) addMetricsRoute(router, metrics);
  const limitRate =
    dependencies.rateLimit &&
    rateLimit({
      policy: dependencies.rateLimit,
      onRefused:
        metrics &&
        ((ctx) => {
          metrics.requestRateLimited(operationOf(ctx, router));
        }),
    });

  app.use(requestContext(dependencies.logger, metrics && requestMetricsObserver(metrics, router)));
  app.use(apiSecurityHeaders());
  app.use(errorHandler());
  app.use(requireWellFormedRequest);
  app.use(requireCanonicalPath);
  if (dependencies.corsOrigins.length > 0) app.use(corsFor(dependencies.corsOrigins));
  app.use(requireApiKey(dependencies.authenticator, limitRate));
  app.use(router.routes());
  // Only what no route answered gets this far (OPTIONS among them): one layer less for the rest.
  app.use(answerOptionsWithNoContent);
  app.use(router.allowedMethods());
  // Koa reports here what no middleware could answer: a connection that failed mid-request, most
  // often a client that went away. Its default would print a stack trace to stderr, outside the logs.
  app.on('error', (error: Error & { code?: string }, ctx: Koa.Context) => {
    logConnectionFailure(ctx, error);
  });
  return app;
}

/**
 * The router answers OPTIONS with an empty 200 and `Allow`; an empty answer is a 204. Mounted
 * between the routes and allowedMethods, it sees only what no route answered, where a 200 can
 * only be that OPTIONS answer (anything else is left 404, 405 or 501).
 */
const answerOptionsWithNoContent: Koa.Middleware = async (ctx, next) => {
  await next();
  if (ctx.status === 200) ctx.status = 204;
};

/** Absolute server addresses name origins the docs page may call; a relative one is this origin. */
function originsOf(servers: readonly ServerEntry[]): string[] {
  return servers.flatMap(({ url }) => (URL.canParse(url) ? [new URL(url).origin] : []));
}
