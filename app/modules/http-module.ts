import type { Tracer } from '@opentelemetry/api';
import { ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import { StaticKeyAuthenticator } from '../../adapters/auth/static-key-authenticator.js';
import type { ApiKeys } from '../api-keys.js';
import type { AppConfig } from '../config.js';
import { accessLineOf } from '../../adapters/http/wire/access-line.js';
import { TOKENS, from, typedBind } from '../tokens.js';

/**
 * The HTTP apps that serve the use cases, and the key check they make. The web framework loads on
 * first use: the command line never resolves them.
 */
export function httpModule(
  config: AppConfig,
  logger: Logger,
  keys: ApiKeys,
  tracer: Tracer | undefined,
): ContainerModule {
  return new ContainerModule(({ bind }) => {
    const bindTo = typedBind(bind);
    bindTo(TOKENS.Authenticator).toDynamicValue(() => new StaticKeyAuthenticator(keys));
    bindTo(TOKENS.HttpApp).toDynamicValue(async (c) => {
      const [{ createHttpApp }, { apiServers }] = await Promise.all([
        import('../../adapters/http/http-app.js'),
        import('../../adapters/http/openapi/servers.js'),
      ]);
      return createHttpApp({
        listPets: await from(c, TOKENS.ListPets),
        createPet: await from(c, TOKENS.CreatePet),
        createPetOnce: await from(c, TOKENS.CreatePetOnce),
        getPet: await from(c, TOKENS.GetPet),
        authenticator: await from(c, TOKENS.Authenticator),
        storage: (await from(c, TOKENS.StorageInUse)).pets,
        shutdown: await from(c, TOKENS.Draining),
        logger,
        accessLog: accessLineOf(logger),
        bodyLimitBytes: config.bodyLimitBytes,
        servers: apiServers(config),
        corsOrigins: config.corsOrigins,
        metrics: config.metrics ? await from(c, TOKENS.Metrics) : undefined,
        servesMetrics: config.metricsPort === undefined,
        rateLimit: config.rateLimit,
        requestTracing:
          tracer && (await import('../../adapters/http/middleware/trace-request.js')).traceRequests(tracer),
      });
    });
    bindTo(TOKENS.MetricsApp).toDynamicValue(async (c) =>
      (await import('../../adapters/http/metrics-app.js')).createMetricsApp(await from(c, TOKENS.Metrics), logger),
    );
  });
}
