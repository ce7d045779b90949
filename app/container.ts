import { Container } from 'inversify';
import type { Logger } from 'pino';
import type Koa from 'koa';
import type { Authenticator, PetRepository } from '../core/ports.js';
import { CreatePet } from '../core/use-cases/create-pet.js';
import { GetPet } from '../core/use-cases/get-pet.js';
import { ListPets } from '../core/use-cases/list-pets.js';
import { StaticKeyAuthenticator } from '../adapters/auth/static-key-authenticator.js';
import { createHttpApp } from '../adapters/http/app.js';
import { InMemoryPetRepository } from '../adapters/persistence/in-memory/in-memory-pet-repository.js';
import type { ApiKeyDigests } from './api-keys.js';
import type { AppConfig } from './config.js';
import { TOKENS } from './tokens.js';

/** The composition root: the one place that says which adapter implements which port. */
export function createContainer(config: AppConfig, logger: Logger, keys: ApiKeyDigests): Container {
  const container = new Container({ defaultScope: 'Singleton' });

  container.bind<AppConfig>(TOKENS.Config).toConstantValue(config);
  container.bind<Logger>(TOKENS.Logger).toConstantValue(logger);
  container.bind<ApiKeyDigests>(TOKENS.ApiKeyDigests).toConstantValue(keys);

  container.bind<PetRepository>(TOKENS.PetRepository).toResolvedValue(() => new InMemoryPetRepository());
  container
    .bind<Authenticator>(TOKENS.Authenticator)
    .toResolvedValue((apiKeys: ApiKeyDigests) => new StaticKeyAuthenticator(apiKeys.digests), [TOKENS.ApiKeyDigests]);

  container.bind<ListPets>(TOKENS.ListPets).toResolvedValue((pets: PetRepository) => new ListPets(pets), [TOKENS.PetRepository]);
  container.bind<CreatePet>(TOKENS.CreatePet).toResolvedValue((pets: PetRepository) => new CreatePet(pets), [TOKENS.PetRepository]);
  container.bind<GetPet>(TOKENS.GetPet).toResolvedValue((pets: PetRepository) => new GetPet(pets), [TOKENS.PetRepository]);

  container.bind<Koa>(TOKENS.HttpApp).toResolvedValue(
    (listPets: ListPets, createPet: CreatePet, getPet: GetPet, authenticator: Authenticator, storage: PetRepository, log: Logger, settings: AppConfig) =>
      createHttpApp({ listPets, createPet, getPet, authenticator, storage, logger: log, bodyLimitBytes: settings.bodyLimitBytes }),
    [TOKENS.ListPets, TOKENS.CreatePet, TOKENS.GetPet, TOKENS.Authenticator, TOKENS.PetRepository, TOKENS.Logger, TOKENS.Config],
  );

  return container;
}
