import type { ResolutionContext } from 'inversify';
import type Koa from 'koa';
import type { Authenticator, StoragePorts } from '../core/ports.js';
import type { CreatePet } from '../core/use-cases/create-pet.js';
import type { CreatePetOnce } from '../core/use-cases/create-pet-once.js';
import type { ExportPets } from '../core/use-cases/export-pets.js';
import type { GetPet } from '../core/use-cases/get-pet.js';
import type { ImportPets } from '../core/use-cases/import-pets.js';
import type { ListPets } from '../core/use-cases/list-pets.js';
import type { DrainingFlag } from '../adapters/http/server/draining.js';
import type { ServiceMetrics } from '../adapters/metrics/service-metrics.js';
import type { OpenedStorage } from '../adapters/persistence/storage-adapter.js';

/** A service identifier that names the type bound to it, so that a binding and its look-ups agree. */
export type Token<T> = symbol & { readonly boundType?: T };
const token = <T>(name: string): Token<T> => Symbol.for(name);

/** Every part the composition makes, and the type each stands for. */
export const TOKENS = {
  /** The storage as it opened: what the import restores into, and what is closed at shutdown. */
  OpenedStorage: token<OpenedStorage>('OpenedStorage'),
  /** The same ports as the use cases of requests and the export call them: measured, then traced, when those are on. */
  UseCaseStorage: token<StoragePorts>('UseCaseStorage'),
  Metrics: token<ServiceMetrics>('Metrics'),
  Authenticator: token<Authenticator>('Authenticator'),
  ListPets: token<ListPets>('ListPets'),
  CreatePet: token<CreatePet>('CreatePet'),
  CreatePetOnce: token<CreatePetOnce>('CreatePetOnce'),
  GetPet: token<GetPet>('GetPet'),
  ImportPets: token<ImportPets>('ImportPets'),
  ExportPets: token<ExportPets>('ExportPets'),
  HttpApp: token<Koa>('HttpApp'),
  /** Begun when the service stops: /readyz responds 503 from then on. */
  Draining: token<DrainingFlag>('Draining'),
  /** GET /metrics alone, for METRICS_PORT. */
  MetricsApp: token<Koa>('MetricsApp'),
} as const;

/** The value bound to `token`, made on first use, typed as the token says. */
export function resolved<T>(context: Pick<ResolutionContext, 'getAsync'>, token: Token<T>): Promise<T> {
  return context.getAsync<T>(token);
}
