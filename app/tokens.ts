import type { Bind, OnActivation, ResolutionContext } from 'inversify';
import type Koa from 'koa';
import type { Logger } from 'pino';
import type { Authenticator, StoragePorts } from '../core/ports.js';
import type { CreatePet } from '../core/use-cases/create-pet.js';
import type { CreatePetOnce } from '../core/use-cases/create-pet-once.js';
import type { ExportPets } from '../core/use-cases/export-pets.js';
import type { GetPet } from '../core/use-cases/get-pet.js';
import type { ImportPets } from '../core/use-cases/import-pets.js';
import type { ListPets } from '../core/use-cases/list-pets.js';
import type { ServiceMetrics } from '../adapters/metrics/service-metrics.js';
import type { OpenedStorage } from '../adapters/persistence/storage-adapter.js';
import type { ApiKeys } from './api-keys.js';
import type { AppConfig } from './config.js';
import type { DrainingFlag } from '../adapters/http/server/draining.js';

/** A service identifier that names the type bound to it, so that a binding and its look-ups agree. */
export type Token<T> = symbol & { readonly boundType?: T };
const token = <T>(name: string): Token<T> => Symbol.for(name);

/** Every service identifier of the composition, and the type each stands for. */
export const TOKENS = {
  Config: token<AppConfig>('Config'),
  Logger: token<Logger>('Logger'),
  ApiKeys: token<ApiKeys>('ApiKeys'),
  /** The storage as it opened: what the import restores into, and what is closed at shutdown. */
  Storage: token<OpenedStorage>('Storage'),
  /** What the request use cases and the export are given: the same ports, measured and traced when those are on. */
  StorageInUse: token<StoragePorts>('StorageInUse'),
  Metrics: token<ServiceMetrics>('Metrics'),
  Authenticator: token<Authenticator>('Authenticator'),
  ListPets: token<ListPets>('ListPets'),
  CreatePet: token<CreatePet>('CreatePet'),
  CreatePetOnce: token<CreatePetOnce>('CreatePetOnce'),
  GetPet: token<GetPet>('GetPet'),
  ImportPets: token<ImportPets>('ImportPets'),
  ExportPets: token<ExportPets>('ExportPets'),
  HttpApp: token<Koa>('HttpApp'),
  /** Begun on SIGTERM: /readyz responds 503 from then on. */
  Draining: token<DrainingFlag>('Draining'),
  /** GET /metrics alone, for METRICS_PORT. */
  MetricsApp: token<Koa>('MetricsApp'),
} as const;

/** A module's `bind`, taking tokens: a binding's value is checked against the type its token names. */
export function typedBind(bind: Bind) {
  return <T>(token: Token<T>) => bind<T>(token);
}

/** A module's `onActivation`, taking tokens: what it makes of a value must be of the token's type too. */
export function typedOnActivation(onActivation: OnActivation) {
  return <T>(token: Token<T>, activation: (context: ResolutionContext, value: T) => T | Promise<T>) => {
    onActivation<T>(token, activation);
  };
}

/** The value bound to `token`, typed as the token says. */
export function from<T>(context: Pick<ResolutionContext, 'getAsync'>, token: Token<T>): Promise<T> {
  return context.getAsync<T>(token);
}
