import type { Tracer } from '@opentelemetry/api';
import { Container, type ResolutionContext } from 'inversify';
import type { Logger } from 'pino';
import { IN_FLIGHT_LEASE_MS } from '../core/idempotency.js';
import type { StoragePorts } from '../core/ports.js';
import { STORAGE_METHODS } from '../core/storage-calls.js';
import { CreatePet } from '../core/use-cases/create-pet.js';
import { CreatePetOnce } from '../core/use-cases/create-pet-once.js';
import { ExportPets } from '../core/use-cases/export-pets.js';
import { GetPet } from '../core/use-cases/get-pet.js';
import { ImportPets } from '../core/use-cases/import-pets.js';
import { ListPets } from '../core/use-cases/list-pets.js';
import type { ApiKeys } from '../adapters/auth/api-keys.js';
import { StaticKeyAuthenticator } from '../adapters/auth/static-key-authenticator.js';
import { DrainingFlag } from '../adapters/http/server/draining.js';
import { accessLineOf } from '../adapters/http/wire/access-line.js';
import { measuredStorage } from '../adapters/metrics/measured-storage.js';
import { ServiceMetrics } from '../adapters/metrics/service-metrics.js';
import type { AppConfig } from './config.js';
import { projectManifest } from './project-manifest.js';
import { TOKENS, resolved, type Token } from './tokens.js';

/** What the service is made of: its settings (the storage among them), its log, its keys, and a tracer when traced. */
export interface Composition {
  readonly config: AppConfig;
  readonly logger: Logger;
  readonly keys: ApiKeys;
  /** Spans for each request, its use case and its storage calls, and for an import or export; unset: none. */
  readonly tracer?: Tracer | undefined;
}

type Layer<T> = (inner: T) => T;

/** The use cases a request calls, each traced as one span when traced. */
type RequestUseCase = ListPets | CreatePet | CreatePetOnce | GetPet;

/**
 * Which adapter fills which port, read top to bottom: the storage, the use cases over it, the HTTP apps
 * over them. Every part is made on first use (`resolved`): the storage opens then, its driver and the web
 * framework load then, so a command never loads the web framework. Unbinding everything closes the storage.
 */
export async function createContainer({ config, logger, keys, tracer }: Composition): Promise<Container> {
  const container = new Container({ defaultScope: 'Singleton' });
  const bind = <T>(token: Token<T>) => container.bind<T>(token);
  const { adapter, settings } = config.storage;
  // Loaded only with a tracer: without one, the tracing adapter is not.
  const traced = tracer && (await tracedLayers(tracer, { name: adapter.name, dbSystem: adapter.dbSystem }));

  const retention = { ttlMs: config.idempotency.ttlMs, leaseMs: IN_FLIGHT_LEASE_MS };
  bind(TOKENS.OpenedStorage)
    .toDynamicValue(() => adapter.open(settings, { retention }))
    .onDeactivation((opened) => opened.close());
  bind(TOKENS.UseCaseStorage).toDynamicValue(async (c) => {
    const { pets, idempotency } = await resolved(c, TOKENS.OpenedStorage);
    // The layers, innermost first: measured, then traced, so that a storage call's span covers its measurement.
    const layers: (Layer<StoragePorts> | undefined)[] = [
      config.metrics ? measuredBy(await resolved(c, TOKENS.Metrics)) : undefined,
      traced?.storage,
    ];
    return layers.reduce<StoragePorts>((inner, layer) => layer?.(inner) ?? inner, { pets, idempotency });
  });
  bind(TOKENS.Metrics).toDynamicValue(
    async () =>
      new ServiceMetrics(
        { ...(await import('../adapters/http/metric-labels.js')).HTTP_METRIC_LABELS, storageMethods: STORAGE_METHODS },
        { version: projectManifest().version },
      ),
  );

  // The use cases of requests, each a span of its own under the request's when traced.
  const pets = async (c: ResolutionContext) => (await resolved(c, TOKENS.UseCaseStorage)).pets;
  const requestUseCase = <Case extends RequestUseCase>(useCase: Case, name: string) =>
    traced ? traced.useCase(useCase, name) : useCase;
  bind(TOKENS.ListPets).toDynamicValue(async (c) => requestUseCase(new ListPets(await pets(c)), 'ListPets'));
  bind(TOKENS.CreatePet).toDynamicValue(async (c) => requestUseCase(new CreatePet(await pets(c)), 'CreatePet'));
  bind(TOKENS.CreatePetOnce).toDynamicValue(async (c) => {
    const { pets: inUse, idempotency } = await resolved(c, TOKENS.UseCaseStorage);
    return requestUseCase(new CreatePetOnce(inUse, idempotency), 'CreatePetOnce');
  });
  bind(TOKENS.GetPet).toDynamicValue(async (c) => requestUseCase(new GetPet(await pets(c)), 'GetPet'));
  // An export or an import is one trace of its batches. An import writes through the storage as opened: its
  // batches, not each of its writes, are what is measured and traced.
  bind(TOKENS.ExportPets).toDynamicValue(async (c) => {
    const exportPets = new ExportPets(await pets(c));
    return traced ? traced.exportPets(exportPets) : exportPets;
  });
  bind(TOKENS.ImportPets).toDynamicValue(async (c) => {
    const opened = (await resolved(c, TOKENS.OpenedStorage)).pets;
    const importPets = new ImportPets(new CreatePet(opened), opened);
    return traced ? traced.importPets(importPets) : importPets;
  });

  // The HTTP apps, and the key check they make. The web framework loads with them.
  bind(TOKENS.Draining).toConstantValue(new DrainingFlag());
  bind(TOKENS.Authenticator).toDynamicValue(() => new StaticKeyAuthenticator(keys));
  bind(TOKENS.HttpApp).toDynamicValue(async (c) => {
    const [{ createHttpApp }, { apiServers }] = await Promise.all([
      import('../adapters/http/http-app.js'),
      import('../adapters/http/openapi/servers.js'),
    ]);
    return createHttpApp({
      listPets: await resolved(c, TOKENS.ListPets),
      createPet: await resolved(c, TOKENS.CreatePet),
      createPetOnce: await resolved(c, TOKENS.CreatePetOnce),
      getPet: await resolved(c, TOKENS.GetPet),
      authenticator: await resolved(c, TOKENS.Authenticator),
      storage: (await resolved(c, TOKENS.UseCaseStorage)).pets,
      shutdown: await resolved(c, TOKENS.Draining),
      logger,
      accessLog: accessLineOf(logger),
      bodyLimitBytes: config.bodyLimitBytes,
      servers: apiServers(config),
      corsOrigins: config.corsOrigins,
      metrics: config.metrics ? await resolved(c, TOKENS.Metrics) : undefined,
      servesMetrics: config.metricsPort === undefined,
      rateLimit: config.rateLimit,
      trustedProxy: config.trustedProxy,
      requestTracing: tracer && (await import('../adapters/http/middleware/trace-request.js')).traceRequests(tracer),
    });
  });
  bind(TOKENS.MetricsApp).toDynamicValue(async (c) =>
    (await import('../adapters/http/metrics-app.js')).createMetricsApp(await resolved(c, TOKENS.Metrics), logger),
  );
  return container;
}

const measuredBy =
  (metrics: ServiceMetrics): Layer<StoragePorts> =>
  (ports) =>
    measuredStorage(ports, metrics);

/** What `tracer` wraps: each storage call, each request's use case, and an export or an import. */
async function tracedLayers(tracer: Tracer, storage: { name: string; dbSystem?: string | undefined }) {
  const [{ tracedStorage }, { tracedUseCase }, { tracedExport, tracedImport }] = await Promise.all([
    import('../adapters/tracing/traced-storage.js'),
    import('../adapters/tracing/traced-use-case.js'),
    import('../adapters/tracing/traced-backup.js'),
  ]);
  return {
    storage: (ports: StoragePorts) => tracedStorage(ports, tracer, storage),
    useCase: <Case extends RequestUseCase>(useCase: Case, name: string) => tracedUseCase(useCase, name, tracer),
    exportPets: (exportPets: ExportPets) => tracedExport(exportPets, tracer, storage.name),
    importPets: (importPets: ImportPets) => tracedImport(importPets, tracer, storage.name),
  };
}
