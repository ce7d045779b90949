import { Container } from 'inversify';
import type Koa from 'koa';
import type { MongoClient } from 'mongodb';
import type { Logger } from 'pino';
import { IN_FLIGHT_LEASE_MS } from '../core/idempotency.js';
import type { Authenticator, IdempotencyStore, PetRepository } from '../core/ports.js';
import { CreatePet } from '../core/use-cases/create-pet.js';
import { CreatePetOnce } from '../core/use-cases/create-pet-once.js';
import { GetPet } from '../core/use-cases/get-pet.js';
import { ListPets } from '../core/use-cases/list-pets.js';
import { StaticKeyAuthenticator } from '../adapters/auth/static-key-authenticator.js';
import { createHttpApp } from '../adapters/http/app.js';
import { apiServers } from '../adapters/http/openapi/servers.js';
import { InMemoryIdempotencyStore } from '../adapters/persistence/in-memory/in-memory-idempotency-store.js';
import { InMemoryPetRepository } from '../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { createMongoClient } from '../adapters/persistence/mongo/mongo-client.js';
import { MongoIdempotencyStore } from '../adapters/persistence/mongo/mongo-idempotency-store.js';
import { MongoPetRepository } from '../adapters/persistence/mongo/mongo-pet-repository.js';
import type { ApiKeys } from './api-keys.js';
import type { AppConfig } from './config.js';
import { TOKENS } from './tokens.js';

/**
 * The composition root: the one place that says which adapter implements which port.
 * Resolve with `getAsync`: a database-backed repository needs I/O (its indexes) before use.
 */
export function createContainer(config: AppConfig, logger: Logger, keys: ApiKeys): Container {
  const container = new Container({ defaultScope: 'Singleton' });

  container.bind<AppConfig>(TOKENS.Config).toConstantValue(config);
  container.bind<Logger>(TOKENS.Logger).toConstantValue(logger);
  container.bind<ApiKeys>(TOKENS.ApiKeys).toConstantValue(keys);

  bindStorage(container, config);
  container
    .bind<Authenticator>(TOKENS.Authenticator)
    .toResolvedValue((apiKeys: ApiKeys) => new StaticKeyAuthenticator(apiKeys), [TOKENS.ApiKeys]);

  container.bind<ListPets>(TOKENS.ListPets).toResolvedValue((pets: PetRepository) => new ListPets(pets), [TOKENS.PetRepository]);
  container.bind<CreatePet>(TOKENS.CreatePet).toResolvedValue((pets: PetRepository) => new CreatePet(pets), [TOKENS.PetRepository]);
  container
    .bind<CreatePetOnce>(TOKENS.CreatePetOnce)
    .toResolvedValue((createPet: CreatePet, requests: IdempotencyStore) => new CreatePetOnce(createPet, requests), [
      TOKENS.CreatePet,
      TOKENS.IdempotencyStore,
    ]);
  container.bind<GetPet>(TOKENS.GetPet).toResolvedValue((pets: PetRepository) => new GetPet(pets), [TOKENS.PetRepository]);

  container.bind<Koa>(TOKENS.HttpApp).toResolvedValue(
    (
      listPets: ListPets,
      createPet: CreatePet,
      createPetOnce: CreatePetOnce,
      getPet: GetPet,
      authenticator: Authenticator,
      storage: PetRepository,
      log: Logger,
      settings: AppConfig,
    ) =>
      createHttpApp({
        listPets,
        createPet,
        createPetOnce,
        getPet,
        authenticator,
        storage,
        logger: log,
        bodyLimitBytes: settings.bodyLimitBytes,
        servers: apiServers(settings),
        corsOrigins: settings.corsOrigins,
      }),
    [TOKENS.ListPets, TOKENS.CreatePet, TOKENS.CreatePetOnce, TOKENS.GetPet, TOKENS.Authenticator, TOKENS.PetRepository, TOKENS.Logger, TOKENS.Config],
  );

  return container;
}

function bindStorage(container: Container, { storage, idempotency }: Pick<AppConfig, 'storage' | 'idempotency'>): void {
  const retention = { ttlMs: idempotency.ttlMs, leaseMs: IN_FLIGHT_LEASE_MS };
  switch (storage.kind) {
    case 'memory':
      container.bind<PetRepository>(TOKENS.PetRepository).toResolvedValue(() => new InMemoryPetRepository());
      container
        .bind<IdempotencyStore>(TOKENS.IdempotencyStore)
        .toResolvedValue(() => new InMemoryIdempotencyStore({ ...retention, maxKeysPerClient: idempotency.maxKeysPerClient }));
      return;
    case 'mongo':
      container
        .bind<MongoClient>(TOKENS.MongoClient)
        .toResolvedValue(() => createMongoClient(storage.uri, storage.timeoutMs))
        // Unbinding at shutdown, after in-flight requests finished, closes the connections.
        .onDeactivation((client) => client.close());
      container.bind<PetRepository>(TOKENS.PetRepository).toResolvedValue(
        async (client: MongoClient) => {
          const repository = new MongoPetRepository(client.db(storage.database));
          await repository.ensureIndexes();
          return repository;
        },
        [TOKENS.MongoClient],
      );
      container.bind<IdempotencyStore>(TOKENS.IdempotencyStore).toResolvedValue(
        async (client: MongoClient) => {
          const store = new MongoIdempotencyStore(client.db(storage.database), retention);
          await store.ensureIndexes();
          return store;
        },
        [TOKENS.MongoClient],
      );
      return;
  }
}
