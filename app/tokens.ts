import type { MongoClient } from 'mongodb';
import type { DatabaseSync } from 'node:sqlite';
import type Koa from 'koa';
import type { Logger } from 'pino';
import type { Authenticator, IdempotencyStore, PetRepository, PetRestore } from '../core/ports.js';
import type { CreatePet } from '../core/use-cases/create-pet.js';
import type { CreatePetOnce } from '../core/use-cases/create-pet-once.js';
import type { ExportPets } from '../core/use-cases/export-pets.js';
import type { GetPet } from '../core/use-cases/get-pet.js';
import type { ImportPets } from '../core/use-cases/import-pets.js';
import type { ListPets } from '../core/use-cases/list-pets.js';
import type { ServiceMetrics } from '../adapters/metrics/service-metrics.js';
import type { ApiKeys } from './api-keys.js';
import type { AppConfig } from './config.js';
import type { Shutdown } from './shutdown.js';

/** A service identifier that names the type bound to it, so that a binding and its look-ups agree. */
export type Token<T> = symbol & { readonly boundType?: T };
const token = <T>(name: string): Token<T> => Symbol.for(name);

/** Every service identifier of the composition, and the type each stands for. */
export const TOKENS = {
  Config: token<AppConfig>('Config'),
  Logger: token<Logger>('Logger'),
  ApiKeys: token<ApiKeys>('ApiKeys'),
  PetRepository: token<PetRepository & PetRestore>('PetRepository'),
  /** The same repository's restore (pets keep their ids), for ImportPets. */
  PetRestore: token<PetRestore>('PetRestore'),
  IdempotencyStore: token<IdempotencyStore>('IdempotencyStore'),
  /** What the use cases are given: the storage adapters above, measured when metrics are on. */
  PetRepositoryInUse: token<PetRepository>('PetRepositoryInUse'),
  IdempotencyStoreInUse: token<IdempotencyStore>('IdempotencyStoreInUse'),
  Metrics: token<ServiceMetrics>('Metrics'),
  MongoClient: token<MongoClient>('MongoClient'),
  SqliteDatabase: token<DatabaseSync>('SqliteDatabase'),
  Authenticator: token<Authenticator>('Authenticator'),
  ListPets: token<ListPets>('ListPets'),
  CreatePet: token<CreatePet>('CreatePet'),
  CreatePetOnce: token<CreatePetOnce>('CreatePetOnce'),
  GetPet: token<GetPet>('GetPet'),
  ImportPets: token<ImportPets>('ImportPets'),
  ExportPets: token<ExportPets>('ExportPets'),
  HttpApp: token<Koa>('HttpApp'),
  /** Begun on SIGTERM: /readyz responds 503 from then on. */
  Shutdown: token<Shutdown>('Shutdown'),
  /** GET /metrics alone, for METRICS_PORT. */
  MetricsApp: token<Koa>('MetricsApp'),
} as const;
