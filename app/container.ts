import type { Tracer } from '@opentelemetry/api';
import { Container, ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import { IN_FLIGHT_LEASE_MS } from '../core/idempotency.js';
import type { StoragePorts } from '../core/ports.js';
import { STORAGE_METHODS } from '../core/storage-calls.js';
import { useCasesOver, type UseCases } from '../core/use-cases/use-cases.js';
import type { ApiKeys } from '../adapters/auth/api-keys.js';
import { StaticKeyAuthenticator } from '../adapters/auth/static-key-authenticator.js';
import { Draining } from '../adapters/http/server/draining.js';
import { jsonTextAccessLog } from '../adapters/http/logs/access-line.js';
import type { ServiceMetrics } from '../adapters/metrics/service-metrics.js';
import type { AppConfig } from './config.js';
import { projectManifest } from './project-manifest.js';
import { TOKENS, resolved, resolvedIfBound, type Token } from './tokens.js';

/** What the service is made of: its settings (the storage among them), its log, its keys, and a tracer when traced. */
export interface Composition {
  readonly config: AppConfig;
  readonly logger: Logger;
  readonly keys: ApiKeys;
  /** Spans for each request, its use case and its storage calls, and for an import or export; unset: none. */
  readonly tracer?: Tracer | undefined;
  /** The host only reads the storage (a command that lists or exports): one it may not write still opens. */
  readonly readOnly?: boolean | undefined;
}

/** The parts a host loads: the use cases over the storage (every host), the HTTP apps over them (a service). */
export type ContainerPart = 'use cases' | 'http';

type Layer<T> = (inner: T) => T;

/**
 * Which adapter fills which port, read top to bottom: the storage, the use cases over it, the HTTP apps
 * over them. Every part is made on first use (`resolved`): the storage opens then, its driver loads then.
 * A host that loads no `http` part (a command) has no web framework, metrics or key check to load.
 * Unbinding everything closes the storage.
 */
export async function createContainer(
  composition: Composition,
  parts: readonly ContainerPart[] = ['use cases', 'http'],
): Promise<Container> {
  const container = new Container({ defaultScope: 'Singleton' });
  const modules = { 'use cases': useCasesModule, http: httpModule };
  await container.loadAsync(...parts.map((part) => modules[part](composition)));
  return container;
}

/** The storage, opened on first use; the ports the use cases call, measured then traced; the use cases over them. */
function useCasesModule({ config, tracer, readOnly }: Composition): ContainerModule {
  return new ContainerModule(async ({ bind: bindAny }) => {
    const bind = <T>(token: Token<T>) => bindAny<T>(token);
    const { adapter, settings } = config.storage;
    // Loaded only with a tracer: without one, the tracing adapter is not.
    const traced = tracer && (await tracedLayers(tracer, { name: adapter.name, dbSystem: adapter.dbSystem }));
    const retention = { ttlMs: config.idempotency.ttlMs, leaseMs: IN_FLIGHT_LEASE_MS };

    bind(TOKENS.OpenedStorage)
      .toDynamicValue(() => adapter.open(settings, { retention, readOnly }))
      .onDeactivation((opened) => opened.close());
    bind(TOKENS.UseCaseStorage).toDynamicValue(async (c) => {
      const { pets, idempotency } = await resolved(c, TOKENS.OpenedStorage);
      // Innermost first: measured, then traced, so that a storage call's span covers its measurement.
      const metrics = await resolvedIfBound(c, TOKENS.Metrics);
      const layers: (Layer<StoragePorts> | undefined)[] = [metrics && (await measuredBy(metrics)), traced?.storage];
      return layers.reduce<StoragePorts>((inner, layer) => layer?.(inner) ?? inner, { pets, idempotency });
    });
    // An import writes through the storage as opened: its batches, not each of its writes, are measured and traced.
    bind(TOKENS.UseCases).toDynamicValue(async (c) => {
      const useCases = useCasesOver({
        inUse: await resolved(c, TOKENS.UseCaseStorage),
        opened: await resolved(c, TOKENS.OpenedStorage),
      });
      return traced ? traced.useCases(useCases) : useCases;
    });
  });
}

/** The HTTP apps, the key check they make, and the metrics they report. The web framework loads with them. */
function httpModule({ config, logger, keys, tracer }: Composition): ContainerModule {
  return new ContainerModule(({ bind: bindAny }) => {
    const bind = <T>(token: Token<T>) => bindAny<T>(token);
    if (config.metrics) {
      // Loaded with the metrics only: a host that counts nothing (the fetch handler) loads no Prometheus client.
      bind(TOKENS.Metrics).toDynamicValue(async () => {
        const [{ ServiceMetrics }, { HTTP_METRIC_LABELS }] = await Promise.all([
          import('../adapters/metrics/service-metrics.js'),
          import('../adapters/http/metric-labels.js'),
        ]);
        return new ServiceMetrics(
          { ...HTTP_METRIC_LABELS, storageMethods: STORAGE_METHODS },
          { version: projectManifest().version },
        );
      });
    }
    bind(TOKENS.Draining).toConstantValue(new Draining());
    bind(TOKENS.Authenticator).toDynamicValue(() => new StaticKeyAuthenticator(keys));
    bind(TOKENS.HttpApp).toDynamicValue(async (c) => {
      const [{ createHttpApp }, { apiServers }] = await Promise.all([
        import('../adapters/http/http-app.js'),
        import('../adapters/http/openapi/servers.js'),
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
        metrics: await resolvedIfBound(c, TOKENS.Metrics),
        servesMetrics: config.metricsPort === undefined,
        rateLimit: config.rateLimit,
        trustedProxy: config.trustedProxy,
        requestTracing: tracer && (await import('../adapters/http/middleware/trace-request.js')).traceRequests(tracer),
      });
    });
    bind(TOKENS.MetricsApp).toDynamicValue(async (c) =>
      (await import('../adapters/http/metrics-app.js')).createMetricsApp(await resolved(c, TOKENS.Metrics), logger),
    );
  });
}

async function measuredBy(metrics: ServiceMetrics): Promise<Layer<StoragePorts>> {
  const { measuredStorage } = await import('../adapters/metrics/measured-storage.js');
  return (ports) => measuredStorage(ports, metrics);
}

/** What `tracer` wraps: each storage call, and each use case. */
async function tracedLayers(tracer: Tracer, storage: { name: string; dbSystem?: string | undefined }) {
  const [{ tracedStorage }, { tracedUseCases }] = await Promise.all([
    import('../adapters/tracing/traced-storage.js'),
    import('../adapters/tracing/traced-use-cases.js'),
  ]);
  return {
    storage: (ports: StoragePorts) => tracedStorage(ports, tracer, storage),
    useCases: (useCases: UseCases) => tracedUseCases(useCases, tracer, storage.name),
  };
}
