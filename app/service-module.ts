import type { Tracer } from '@opentelemetry/api';
import { ContainerModule } from 'inversify';
import type { StoragePorts } from '@petstore/core/ports.js';
import { STORAGE_METHODS } from '@petstore/core/storage-calls.js';
import { StaticKeyAuthenticator } from '@petstore/auth/static-key-authenticator.js';
import { jsonTextAccessLog } from '@petstore/http/logs/access-line.js';
import { Draining } from '@petstore/http/server/draining.js';
import type { ServiceMetrics } from '../adapters/metrics/service-metrics.js';
import type { Composition, Layers, ModuleOf } from '@petstore/host/container.js';
import type { AppConfig } from '@petstore/host/config.js';
import { TOKENS, resolved, resolvedIfBound, type Token } from '@petstore/host/tokens.js';
import { projectManifest } from './project-manifest.js';
import { SERVICE_TOKENS } from './service-tokens.js';

type Layer<T> = (inner: T) => T;

/** The HTTP apps, the key check they make, and the metrics they report. The web framework loads with them. */
export function httpModule(tracer: Tracer | undefined): ModuleOf {
  return ({ config, logger, keys }: Composition) =>
    new ContainerModule(({ bind: bindAny }) => {
      const bind = <T>(token: Token<T>) => bindAny<T>(token);
      if (config.metrics) {
        // Loaded with the metrics only.
        bind(SERVICE_TOKENS.Metrics).toDynamicValue(async () => {
          const [{ ServiceMetrics }, { HTTP_METRIC_LABELS }] = await Promise.all([
            import('../adapters/metrics/service-metrics.js'),
            import('../adapters/koa/metric-labels.js'),
          ]);
          return new ServiceMetrics(
            { ...HTTP_METRIC_LABELS, storageMethods: STORAGE_METHODS },
            { version: projectManifest().version },
          );
        });
      }
      const { rateLimit, rateLimitStore } = config;
      if (rateLimit && rateLimitStore !== undefined)
        bind(SERVICE_TOKENS.SharedRateLimit)
          .toDynamicValue(async (c) =>
            (await import('../adapters/redis/shared-rate-limit.js')).sharedRateLimit(rateLimit, rateLimitStore, {
              logger,
              metrics: await resolvedIfBound(c, SERVICE_TOKENS.Metrics),
            }),
          )
          .onDeactivation((shared) => shared.close());
      bind(TOKENS.Draining).toConstantValue(new Draining());
      bind(TOKENS.Authenticator).toDynamicValue(() => new StaticKeyAuthenticator(keys));
      bind(SERVICE_TOKENS.HttpApp).toDynamicValue(async (c) => {
        const [{ createHttpApp }, { apiServers }] = await Promise.all([
          import('../adapters/koa/http-app.js'),
          import('@petstore/http/openapi/servers.js'),
        ]);
        return createHttpApp({
          useCases: await resolved(c, TOKENS.UseCases),
          authenticator: await resolved(c, TOKENS.Authenticator),
          storage: (await resolved(c, TOKENS.UseCaseStorage)).pets,
          draining: await resolved(c, TOKENS.Draining),
          logger,
          accessLog: jsonTextAccessLog(logger),
          bodyLimitBytes: config.bodyLimitBytes,
          servers: apiServers(config),
          corsOrigins: config.corsOrigins,
          metrics: await resolvedIfBound(c, SERVICE_TOKENS.Metrics),
          servesMetrics: config.metricsPort === undefined,
          rateLimit: (await resolvedIfBound(c, SERVICE_TOKENS.SharedRateLimit))?.limiter ?? rateLimit,
          trustedProxy: config.trustedProxy,
          requestTracing: tracer && (await import('../adapters/koa/middleware/trace-request.js')).traceRequests(tracer),
        });
      });
      bind(SERVICE_TOKENS.MetricsApp).toDynamicValue(async (c) =>
        (await import('../adapters/koa/metrics-app.js')).createMetricsApp(
          await resolved(c, SERVICE_TOKENS.Metrics),
          logger,
        ),
      );
    });
}

/**
 * What the service wraps the storage and the use cases in: each storage call measured (when the HTTP
 * module counts) then traced, so that its span covers its measurement; each use case traced. The
 * tracing adapter loads only with a tracer.
 */
export async function serviceLayers(config: AppConfig, tracer: Tracer | undefined): Promise<Layers> {
  const traced =
    tracer && (await import('../adapters/tracing/tracing-layers.js')).tracingLayers(tracer, config.storage.adapter);
  return {
    storage: async (ports, c) => {
      const metrics = await resolvedIfBound(c, SERVICE_TOKENS.Metrics);
      const layers: (Layer<StoragePorts> | undefined)[] = [metrics && (await measuredBy(metrics)), traced?.storage];
      return layers.reduce<StoragePorts>((inner, layer) => layer?.(inner) ?? inner, ports);
    },
    useCases: traced?.useCases,
  };
}

async function measuredBy(metrics: ServiceMetrics): Promise<Layer<StoragePorts>> {
  const { measuredStorage } = await import('../adapters/metrics/measured-storage.js');
  return (ports) => measuredStorage(ports, metrics);
}
