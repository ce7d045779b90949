import { Container } from 'inversify';
import type { MongoClient } from 'mongodb';
import type { DatabaseSync } from 'node:sqlite';
import type { Logger } from 'pino';
import { IN_FLIGHT_LEASE_MS } from '../core/idempotency.js';
import type { Authenticator, IdempotencyStore, PetRepository, PetRestore } from '../core/ports.js';
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
import type { ApiKeys } from './api-keys.js';
import type { AppConfig, IdempotencyConfig } from './config.js';
import { TOKENS } from './tokens.js';

/**
 * The use cases and the storage behind them: what every host of the core needs, and all that the
 * command line composes. The one place that says which adapter implements which port; the service
 * adds its HTTP apps (createContainer). Resolve with `getAsync`: a database-backed repository needs
 * I/O (its indexes) before use.
 */
export function createUseCaseContainer(config: AppConfig, logger: Logger, keys: ApiKeys): Container {
  const container = new Container({ defaultScope: 'Singleton' });

  container.bind<AppConfig>(TOKENS.Config).toConstantValue(config);
  container.bind<Logger>(TOKENS.Logger).toConstantValue(logger);
  container.bind<ApiKeys>(TOKENS.ApiKeys).toConstantValue(keys);

  bindStorage(container, config);
  // Every storage adapter keeps pets and restores them (PetStorage): one instance answers for both ports.
  container.bind<PetRestore>(TOKENS.PetRestore).toService(TOKENS.PetRepository);
  bindMeasuredStorage(container, config);
  container
    .bind<Authenticator>(TOKENS.Authenticator)
    .toResolvedValue((apiKeys: ApiKeys) => new StaticKeyAuthenticator(apiKeys), [TOKENS.ApiKeys]);

  container.bind<ListPets>(TOKENS.ListPets).toResolvedValue((pets: PetRepository) => new ListPets(pets), [TOKENS.PetRepositoryInUse]);
  container.bind<CreatePet>(TOKENS.CreatePet).toResolvedValue((pets: PetRepository) => new CreatePet(pets), [TOKENS.PetRepositoryInUse]);
  container
    .bind<CreatePetOnce>(TOKENS.CreatePetOnce)
    .toResolvedValue((pets: PetRepository, requests: IdempotencyStore) => new CreatePetOnce(pets, requests), [
      TOKENS.PetRepositoryInUse,
      TOKENS.IdempotencyStoreInUse,
    ]);
  container.bind<GetPet>(TOKENS.GetPet).toResolvedValue((pets: PetRepository) => new GetPet(pets), [TOKENS.PetRepositoryInUse]);
  container
    .bind<ImportPets>(TOKENS.ImportPets)
    .toResolvedValue((createPet: CreatePet, restore: PetRestore) => new ImportPets(createPet, restore), [TOKENS.CreatePet, TOKENS.PetRestore]);
  container.bind<ExportPets>(TOKENS.ExportPets).toResolvedValue((pets: PetRepository) => new ExportPets(pets), [TOKENS.PetRepositoryInUse]);

  return container;
}

/** With metrics on, every storage call the use cases make is timed; off, they get the adapters as they are. */
function bindMeasuredStorage(container: Container, { metrics }: Pick<AppConfig, 'metrics'>): void {
  container.bind<ServiceMetrics>(TOKENS.Metrics).toResolvedValue(() => new ServiceMetrics(MEASURED_STORAGE_METHODS));
  if (!metrics) {
    container.bind<PetRepository>(TOKENS.PetRepositoryInUse).toService(TOKENS.PetRepository);
    container.bind<IdempotencyStore>(TOKENS.IdempotencyStoreInUse).toService(TOKENS.IdempotencyStore);
    return;
  }
  container
    .bind<PetRepository>(TOKENS.PetRepositoryInUse)
    .toResolvedValue((pets: PetRepository, measure: ServiceMetrics) => new MeasuredPetRepository(pets, measure), [TOKENS.PetRepository, TOKENS.Metrics]);
  container
    .bind<IdempotencyStore>(TOKENS.IdempotencyStoreInUse)
    .toResolvedValue((store: IdempotencyStore, measure: ServiceMetrics) => new MeasuredIdempotencyStore(store, measure), [
      TOKENS.IdempotencyStore,
      TOKENS.Metrics,
    ]);
}

type PetStorage = PetRepository & PetRestore;

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

function bindStorage(container: Container, { storage, idempotency }: Pick<AppConfig, 'storage' | 'idempotency'>): void {
  const retention = { ttlMs: idempotency.ttlMs, leaseMs: IN_FLIGHT_LEASE_MS };
  switch (storage.kind) {
    case 'memory':
      container.bind<PetStorage>(TOKENS.PetRepository).toResolvedValue(() => new InMemoryPetRepository());
      container
        .bind<IdempotencyStore>(TOKENS.IdempotencyStore)
        .toResolvedValue(() => inMemoryIdempotencyStore(idempotency));
      return;
    case 'sqlite':
      container
        .bind<DatabaseSync>(TOKENS.SqliteDatabase)
        .toResolvedValue(async () => {
          const { openSqliteDatabase } = await storageAdapters.sqlite();
          return openSqliteDatabase(storage.path, { synchronous: storage.synchronous, busyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS });
        })
        // Unbinding at shutdown, after in-flight requests finished, closes the file.
        .onDeactivation((db) => {
          db.close();
        });
      container.bind<PetStorage>(TOKENS.PetRepository).toResolvedValue(
        async (db: DatabaseSync) => new (await storageAdapters.sqlite()).SqlitePetRepository(db),
        [TOKENS.SqliteDatabase],
      );
      container.bind<IdempotencyStore>(TOKENS.IdempotencyStore).toResolvedValue(
        async (db: DatabaseSync) => new (await storageAdapters.sqlite()).SqliteIdempotencyStore(db, retention),
        [TOKENS.SqliteDatabase],
      );
      return;
    case 'mongo':
      container
        .bind<MongoClient>(TOKENS.MongoClient)
        .toResolvedValue(async () => {
          const { createMongoClient } = await storageAdapters.mongo();
          return createMongoClient(storage.uri, storage.timeoutMs);
        })
        // Unbinding at shutdown, after in-flight requests finished, closes the connections.
        .onDeactivation((client) => client.close());
      container.bind<PetStorage>(TOKENS.PetRepository).toResolvedValue(
        async (client: MongoClient) =>
          withIndexes(new (await storageAdapters.mongo()).MongoPetRepository(client.db(storage.database), storage.timeoutMs)),
        [TOKENS.MongoClient],
      );
      container.bind<IdempotencyStore>(TOKENS.IdempotencyStore).toResolvedValue(
        async (client: MongoClient) =>
          withIndexes(
            new (await storageAdapters.mongo()).MongoIdempotencyStore(client.db(storage.database), retention, { callTimeoutMs: storage.timeoutMs }),
          ),
        [TOKENS.MongoClient],
      );
      return;
  }
}

/** A MongoDB adapter is ready for use once the indexes its queries rely on exist. */
async function withIndexes<Adapter extends { ensureIndexes(): Promise<void> }>(adapter: Adapter): Promise<Adapter> {
  await adapter.ensureIndexes();
  return adapter;
}
