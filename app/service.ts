// `petstore/service`: the whole service as a function another program can start and stop.
import { readHostOptions } from '@petstore/host/host-options.js';
import { startHttpService, type RunningService } from './http-service.js';
import type { ServiceOptions } from './service-options.js';

export type { ServiceOptions } from './service-options.js';

export { ConfigError } from '@petstore/host/config.js';
export type { RunningService } from './http-service.js';
export type { HostPorts } from '@petstore/host/host-ports-storage.js';
export { StorageOpenFailure } from '@petstore/settings/storage-open-failure.js';
export type {
  OpenedStorage,
  StorageAdapter,
  StorageContext,
  StorageSetting,
} from '@petstore/settings/storage-adapter.js';
export { InMemoryIdempotencyStore, type InMemoryIdempotencyOptions } from '@petstore/host/built-in-storages.js';

/**
 * Starts the service: the settings read and checked, the storage opened, the API listening (and
 * GET /metrics on METRICS_PORT when set). A bad setting rejects with a ConfigError naming it; a
 * storage that fails to open and whose adapter explains why, with a StorageOpenFailure in its words.
 */
export async function startService({ tracer, ...options }: ServiceOptions = {}): Promise<RunningService> {
  return startHttpService({ ...readHostOptions(options), tracer });
}
