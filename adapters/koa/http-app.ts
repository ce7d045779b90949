import Koa from 'koa';
import type { Authenticator, PetRepository } from '@petstore/core/ports.js';
import type { UseCases } from '@petstore/core/use-cases/use-cases.js';
import type { HttpMetrics } from './metrics/http-metrics.js';
import { requestMetricsObserver } from './metrics/request-metrics.js';
import { answerApi } from './middleware/answer-api.js';
import { requireCanonicalPath } from './middleware/canonical-path.js';
import { corsFor } from './middleware/cors.js';
import { requireImplementedMethod } from './middleware/implemented-methods.js';
import { optionsWithNoContent } from './middleware/options-no-content.js';
import { requireWellFormedRequest } from './middleware/protocol-checks.js';
import { renderErrors } from './middleware/render-errors.js';
import { requestContext } from './middleware/request-context.js';
import { apiSecurityHeaders } from './middleware/security-headers.js';
import type { RequestTracing } from './middleware/trace-request.js';
import type { ServerEntry } from '@petstore/http/openapi/document.js';
import { createApiContract } from '@petstore/http/contract/api-contract.js';
import { API_METHODS, OPERATION_IDS, OPERATION_METHODS } from '@petstore/http/contract/api-surface.js';

export { API_OPERATIONS } from '@petstore/http/contract/api-operations.js';
export { API_METHODS, OPERATION_IDS, openApiDocument } from '@petstore/http/contract/api-surface.js';
import type { RateLimitPolicy } from '@petstore/http/rate-limit/token-buckets.js';
import type { RateLimiter } from '@petstore/http/rate-limit/rate-limiter.js';
import { addDocsRoutes } from './routes/docs/docs-routes.js';
import { addHealthRoutes } from './routes/health/health-routes.js';
import { addMetricsRoute } from './routes/metrics/metrics-route.js';
import { clientAddressBehind, type TrustedProxy } from '@petstore/http/proxies/client-address.js';
import { operationOf, OTHER_OPERATION, routeOf } from './routing/operation-of.js';
import type { HttpLogger } from '@petstore/http/logs/http-logger.js';
import type { AccessLog } from '@petstore/http/logs/request-log.js';
import { logConnectionFailure } from './request/request-logger.js';
import { createRouter } from './routing/router.js';
import type { Draining } from '@petstore/http/server/draining.js';

export interface HttpAppDependencies {
  /** The use cases, each operation calling those it names. */
  readonly useCases: UseCases;
  readonly authenticator: Authenticator;
  readonly storage: Pick<PetRepository, 'isReachable'>;
  /** Once begun, /readyz responds 503. */
  readonly draining: Pick<Draining, 'begun'>;
  readonly logger: HttpLogger;
  /** Where access lines go; none: through `logger`, as info lines. */
  readonly accessLog?: AccessLog | undefined;
  /** Largest accepted request body, in bytes. */
  readonly bodyLimitBytes: number;
  /** The base addresses the OpenAPI document lists, each ending in /v1. */
  readonly servers: readonly ServerEntry[];
  /** Origins (scheme://host[:port]) whose browser scripts may call the API; none: CORS off. */
  readonly corsOrigins: readonly string[];
  /** Where requests are counted and timed; none: they are not. */
  readonly metrics: HttpMetrics | undefined;
  /** Whether this app serves GET /metrics itself (rather than a server of its own, on another port). */
  readonly servesMetrics: boolean;
  /** The rate each client is held to under /v1, in this process's buckets or a limiter's own; none: no limit. */
  readonly rateLimit: RateLimitPolicy | RateLimiter | undefined;
  /** The proxies whose word on a client's address is taken; none: a client is its socket's peer. */
  readonly trustedProxy?: TrustedProxy | undefined;
  /** A span for each request (`traceRequests`); none: tracing is off, and costs a request nothing. */
  readonly requestTracing?: RequestTracing | undefined;
}

/** Builds the Koa application; the caller decides where and how it listens. */
export function createHttpApp(dependencies: HttpAppDependencies): Koa {
  const { logger, metrics } = dependencies;
  const app = new Koa();
  // One router for every route: each request is matched once, whatever its path.
  const router = createRouter();
  const operations: ReadonlySet<string> = new Set(OPERATION_IDS);
  // The API under /v1 is the contract's to answer; this app is one host of it, and serves the rest itself.
  const contract = createApiContract(dependencies);
  const { document } = contract;
  addHealthRoutes(router, dependencies.storage, dependencies.draining);
  addDocsRoutes(router, document, { apiOrigins: originsOf(dependencies.servers) });
  if (metrics && dependencies.servesMetrics) addMetricsRoute(router, metrics);

  // Outermost first: a request passes down this list, its response back up it.
  app.use(
    requestContext(logger, {
      observer: metrics && requestMetricsObserver(metrics, router, operations),
      accessLog: dependencies.accessLog,
      clientAddressOf: dependencies.trustedProxy && clientAddressBehind(dependencies.trustedProxy),
    }),
  );
  if (dependencies.requestTracing) {
    const apiOperationOf = (ctx: Koa.Context) => {
      const operation = operationOf(ctx, router, operations);
      return operation === OTHER_OPERATION ? undefined : operation;
    };
    app.use(dependencies.requestTracing({ operationOf: apiOperationOf, routeOf }));
  }
  app.use(apiSecurityHeaders());
  app.use(renderErrors());
  app.use(requireWellFormedRequest);
  app.use(requireImplementedMethod(API_METHODS));
  app.use(requireCanonicalPath);
  // Scripts may read every header the document promises.
  if (dependencies.corsOrigins.length > 0)
    app.use(
      corsFor(dependencies.corsOrigins, {
        allowMethods: OPERATION_METHODS,
        exposeHeaders: Object.keys(document.components.headers),
      }),
    );
  app.use(
    answerApi(contract, {
      onRateLimited: (ctx) => metrics?.requestRateLimited(operationOf(ctx, router, operations)),
    }),
  );
  app.use(router.routes());
  // Only what no route served gets this far (OPTIONS among them): one layer less for the rest.
  app.use(optionsWithNoContent);
  app.use(router.allowedMethods());
  // Koa reports here what no middleware could respond to: a connection that failed mid-request, most
  // often a client that went away. Its default would print a stack trace to stderr, outside the logs.
  app.on('error', (error: Error & { code?: string }, ctx: Koa.Context) => {
    logConnectionFailure(ctx, error);
  });
  return app;
}

/** Absolute server addresses name origins the docs page may call; a relative one is this origin. */
function originsOf(servers: readonly ServerEntry[]): string[] {
  return servers.flatMap(({ url }) => (URL.canParse(url) ? [new URL(url).origin] : []));
}
