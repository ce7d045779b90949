import type { Tracer } from '@opentelemetry/api';
import { Container, type ResolutionContext } from 'inversify';
import type { Logger } from 'pino';
import { IN_FLIGHT_LEASE_MS } from '../core/idempotency.js';
import { CreatePet } from '../core/use-cases/create-pet.js';
import { CreatePetOnce } from '../core/use-cases/create-pet-once.js';
import { ExportPets } from '../core/use-cases/export-pets.js';
import { GetPet } from '../core/use-cases/get-pet.js';
import { ImportPets } from '../core/use-cases/import-pets.js';
import { ListPets } from '../core/use-cases/list-pets.js';
import { StaticKeyAuthenticator } from '../adapters/auth/static-key-authenticator.js';
import { MEASURED_STORAGE_METHODS, MeasuredIdempotencyStore, MeasuredPetRepository } from '../adapters/metrics/measured-storage.js';
import { ServiceMetrics } from '../adapters/metrics/service-metrics.js';
import { InMemoryIdempotencyStore } from '../adapters/persistence/in-memory/in-memory-idempotency-store.js';
import { InMemoryPetRepository } from '../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { SQLITE_BUSY_TIMEOUT_MS } from '../adapters/persistence/sqlite/sqlite-options.js';
import type { StorageKind } from '../adapters/tracing/traced-storage.js';
import type { UseCase } from '../adapters/tracing/traced-use-case.js';
import type { ApiKeys } from './api-keys.js';
import { accessLineOf } from './logging/access-line.js';
import type { AppConfig, IdempotencyConfig } from './config.js';
import { Shutdown } from './shutdown.js';
import { TOKENS, type Token } from './tokens.js';

/** Spans for each request, its use case and its storage calls, made with `tracer`. */
export interface RequestTracingOptions {
  readonly tracer: Tracer;
  /** What the storage spans name: STORAGE's choice, or `custom` for a host's own storage. */
  readonly storageKind: StorageKind;
}

/**
 * Every binding of the service and the command line: which adapter implements which port, what
 * each use case is given, and the HTTP apps that serve them. Resolve with `getAsync`: a database
 * needs I/O before use. The database drivers and the HTTP adapter load only when first resolved,
 * so the command line never loads the HTTP adapter, nor any host a database it does not use; and
 * without `tracing`, neither the SDK nor the tracing adapter loads.
 */
export function createContainer(config: AppConfig, logger: Logger, keys: ApiKeys, tracing?: RequestTracingOptions): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  const bind = typedBind(container);

  bind(TOKENS.Config).toConstantValue(config);
  bind(TOKENS.Logger).toConstantValue(logger);
  bind(TOKENS.ApiKeys).toConstantValue(keys);
  // Made on first use: the command line serves no API, and has no key.
  bind(TOKENS.Authenticator).toDynamicValue(() => new StaticKeyAuthenticator(keys));

  bindStorage(container, config);
  // Every storage adapter keeps pets and restores them: one instance serves both ports.
  bind(TOKENS.PetRestore).toService(TOKENS.PetRepository);
  bind(TOKENS.Metrics).toDynamicValue(
    async () => new ServiceMetrics({ ...(await import('../adapters/http/metric-labels.js')).HTTP_METRIC_LABELS, storageMethods: MEASURED_STORAGE_METHODS }),
  );
  // With metrics on, every storage call the use cases make is timed; with tracing, each is a span.
  bind(TOKENS.PetRepositoryInUse).toDynamicValue(async (c) => {
    const pets = await from(c, TOKENS.PetRepository);
    const measured = config.metrics ? new MeasuredPetRepository(pets, await from(c, TOKENS.Metrics)) : pets;
    return tracing ? (await import('../adapters/tracing/traced-storage.js')).tracedPetRepository(measured, tracing.tracer, tracing.storageKind) : measured;
  });
  bind(TOKENS.IdempotencyStoreInUse).toDynamicValue(async (c) => {
    const store = await from(c, TOKENS.IdempotencyStore);
    const measured = config.metrics ? new MeasuredIdempotencyStore(store, await from(c, TOKENS.Metrics)) : store;
    return tracing ? (await import('../adapters/tracing/traced-storage.js')).tracedIdempotencyStore(measured, tracing.tracer, tracing.storageKind) : measured;
  });

  // A request's use case is a span of its own when tracing; the command line's import and export are traced by batch instead.
  const traced = async <Case extends UseCase>(useCase: Case, name: string): Promise<Case> =>
    tracing ? (await import('../adapters/tracing/traced-use-case.js')).tracedUseCase(useCase, name, tracing.tracer) : useCase;
  bind(TOKENS.ListPets).toDynamicValue(async (c) => traced(new ListPets(await from(c, TOKENS.PetRepositoryInUse)), 'ListPets'));
  bind(TOKENS.CreatePet).toDynamicValue(async (c) => traced(new CreatePet(await from(c, TOKENS.PetRepositoryInUse)), 'CreatePet'));
  bind(TOKENS.CreatePetOnce).toDynamicValue(async (c) =>
    traced(new CreatePetOnce(await from(c, TOKENS.PetRepositoryInUse), await from(c, TOKENS.IdempotencyStoreInUse)), 'CreatePetOnce'),
  );
  bind(TOKENS.GetPet).toDynamicValue(async (c) => traced(new GetPet(await from(c, TOKENS.PetRepositoryInUse)), 'GetPet'));
  bind(TOKENS.ImportPets).toDynamicValue(async (c) => new ImportPets(await from(c, TOKENS.CreatePet), await from(c, TOKENS.PetRestore)));
  bind(TOKENS.ExportPets).toDynamicValue(async (c) => new ExportPets(await from(c, TOKENS.PetRepositoryInUse)));

  bind(TOKENS.Shutdown).toConstantValue(new Shutdown());
  bind(TOKENS.HttpApp).toDynamicValue(async (c) => {
    const [{ createHttpApp }, { apiServers }] = await Promise.all([import('../adapters/http/http-app.js'), import('../adapters/http/openapi/servers.js')]);
    return createHttpApp({
      listPets: await from(c, TOKENS.ListPets),
      createPet: await from(c, TOKENS.CreatePet),
      createPetOnce: await from(c, TOKENS.CreatePetOnce),
      getPet: await from(c, TOKENS.GetPet),
      authenticator: await from(c, TOKENS.Authenticator),
      storage: await from(c, TOKENS.PetRepositoryInUse),
      shutdown: await from(c, TOKENS.Shutdown),
      logger,
      accessLog: accessLineOf(logger),
      bodyLimitBytes: config.bodyLimitBytes,
      servers: apiServers(config),
      corsOrigins: config.corsOrigins,
      metrics: config.metrics ? await from(c, TOKENS.Metrics) : undefined,
      servesMetrics: config.metricsPort === undefined,
      rateLimit: config.rateLimit,
      requestTracing: tracing && (await import('../adapters/http/middleware/trace-request.js')).traceRequests(tracing.tracer),
    });
  });
  bind(TOKENS.MetricsApp).toDynamicValue(async (c) => (await import('../adapters/http/metrics-app.js')).createMetricsApp(await from(c, TOKENS.Metrics), logger));

  return container;
}

/** Binds a token to a value of the type the token names. */
function typedBind(container: Container) {
  return <T>(token: Token<T>) => container.bind<T>(token);
}

/** The value bound to `token`, typed as the token says. */
function from<T>(context: ResolutionContext, token: Token<T>): Promise<T> {
  return context.getAsync<T>(token);
}

/**
 * A database's adapters, loaded only when STORAGE chooses that database: the MongoDB driver is the
 * heaviest module there is here, and neither memory storage nor the other database needs it.
 */
export const storageAdapters = {
  sqlite: async () => {
    const [database, pets, requests] = await Promise.all([
      import('../adapters/persistence/sqlite/sqlite-database.js'),
      import('../adapters/persistence/sqlite/sqlite-pet-repository.js'),
      import('../adapters/persistence/sqlite/sqlite-idempotency-store.js'),
    ]);
    return { ...database, ...pets, ...requests };
  },
  mongo: async () => {
    const [client, pets, requests] = await Promise.all([
      import('../adapters/persistence/mongo/mongo-client.js'),
      import('../adapters/persistence/mongo/mongo-pet-repository.js'),
      import('../adapters/persistence/mongo/mongo-idempotency-store.js'),
    ]);
    return { ...client, ...pets, ...requests };
  },
};

/** Idempotency keys in this process's memory, kept as the settings say, held for the core's lease. */
export function inMemoryIdempotencyStore({ ttlMs, maxKeysPerClient }: IdempotencyConfig): InMemoryIdempotencyStore {
  return new InMemoryIdempotencyStore({ ttlMs, leaseMs: IN_FLIGHT_LEASE_MS, maxKeysPerClient });
}

/** The pet repository and idempotency store of the storage STORAGE names, and the database they share. */
function bindStorage(container: Container, { storage, idempotency }: Pick<AppConfig, 'storage' | 'idempotency'>): void {
  const bind = typedBind(container);
  const retention = { ttlMs: idempotency.ttlMs, leaseMs: IN_FLIGHT_LEASE_MS };
  switch (storage.kind) {
    case 'memory':
      bind(TOKENS.PetRepository).toDynamicValue(() => new InMemoryPetRepository());
      bind(TOKENS.IdempotencyStore).toDynamicValue(() => inMemoryIdempotencyStore(idempotency));
      return;
    case 'sqlite':
      bind(TOKENS.SqliteDatabase)
        .toDynamicValue(async () =>
          (await storageAdapters.sqlite()).openSqliteDatabase(storage.path, { synchronous: storage.synchronous, busyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS }),
        )
        // Unbinding at shutdown, after in-flight requests finished, closes the file.
        .onDeactivation((db) => {
          db.close();
        });
      bind(TOKENS.PetRepository).toDynamicValue(async (c) => new (await storageAdapters.sqlite()).SqlitePetRepository(await from(c, TOKENS.SqliteDatabase)));
      bind(TOKENS.IdempotencyStore).toDynamicValue(
        async (c) => new (await storageAdapters.sqlite()).SqliteIdempotencyStore(await from(c, TOKENS.SqliteDatabase), retention),
      );
      return;
    case 'mongo':
      bind(TOKENS.MongoClient)
        .toDynamicValue(async () => (await storageAdapters.mongo()).createMongoClient(storage.uri, storage.timeoutMs))
        // Unbinding at shutdown, after in-flight requests finished, closes the connections.
        .onDeactivation((client) => client.close());
      bind(TOKENS.PetRepository).toDynamicValue(async (c) => {
        const { MongoPetRepository } = await storageAdapters.mongo();
        return withIndexes(new MongoPetRepository((await from(c, TOKENS.MongoClient)).db(storage.database), storage.timeoutMs));
      });
      bind(TOKENS.IdempotencyStore).toDynamicValue(async (c) => {
        const { MongoIdempotencyStore } = await storageAdapters.mongo();
        const db = (await from(c, TOKENS.MongoClient)).db(storage.database);
        return withIndexes(new MongoIdempotencyStore(db, retention, { callTimeoutMs: storage.timeoutMs }));
      });
      return;
  }
}

/** A MongoDB adapter is ready for use once the indexes its queries rely on exist. */
async function withIndexes<Adapter extends { ensureIndexes(): Promise<void> }>(adapter: Adapter): Promise<Adapter> {
  await adapter.ensureIndexes();
  return adapter;
}
