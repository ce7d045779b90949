import type { Container } from 'inversify';
import type Koa from 'koa';
import type { Logger } from 'pino';
import type { Authenticator, PetRepository } from '../core/ports.js';
import type { CreatePet } from '../core/use-cases/create-pet.js';
import type { CreatePetOnce } from '../core/use-cases/create-pet-once.js';
import type { GetPet } from '../core/use-cases/get-pet.js';
import type { ListPets } from '../core/use-cases/list-pets.js';
import { createHttpApp } from '../adapters/http/app.js';
import { createMetricsApp } from '../adapters/http/metrics/metrics-app.js';
import { apiServers } from '../adapters/http/openapi/servers.js';
import { Shutdown } from '../adapters/http/routes/health-routes.js';
import type { ServiceMetrics } from '../adapters/metrics/service-metrics.js';
import type { ApiKeys } from './api-keys.js';
import type { AppConfig } from './config.js';
import { TOKENS } from './tokens.js';
import { createUseCaseContainer } from './use-case-container.js';

/** The service's composition: the use cases and their storage (createUseCaseContainer), and the HTTP apps that serve them. */
export function createContainer(config: AppConfig, logger: Logger, keys: ApiKeys): Container {
  const container = createUseCaseContainer(config, logger, keys);
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
      metrics: ServiceMetrics,
      shutdown: Shutdown,
    ) =>
      createHttpApp({
        listPets,
        createPet,
        createPetOnce,
        getPet,
        authenticator,
        storage,
        shutdown,
        logger: log,
        bodyLimitBytes: settings.bodyLimitBytes,
        servers: apiServers(settings),
        corsOrigins: settings.corsOrigins,
        metrics: settings.metrics ? metrics : undefined,
        servesMetrics: settings.metricsPort === undefined,
        rateLimit: settings.rateLimit,
      }),
    [
      TOKENS.ListPets,
      TOKENS.CreatePet,
      TOKENS.CreatePetOnce,
      TOKENS.GetPet,
      TOKENS.Authenticator,
      TOKENS.PetRepositoryInUse,
      TOKENS.Logger,
      TOKENS.Config,
      TOKENS.Metrics,
      TOKENS.Shutdown,
    ],
  );
  container.bind<Shutdown>(TOKENS.Shutdown).toConstantValue(new Shutdown());
  container
    .bind<Koa>(TOKENS.MetricsApp)
    .toResolvedValue((metrics: ServiceMetrics, log: Logger) => createMetricsApp(metrics, log), [TOKENS.Metrics, TOKENS.Logger]);

  return container;
}
