// `petstore/service`: the whole service as a function another program can start and stop.
import type { Tracer } from '@opentelemetry/api';
import { pino, type Logger } from 'pino';
import type { StorageAdapter } from '../adapters/persistence/storage-adapter.js';
import { createLogger } from '../adapters/logging/logger.js';
import { storageOfPorts, type HostPorts } from '../adapters/persistence/host-ports-storage.js';
import { loadConfig } from './config.js';
import { startHttpService, type RunningService } from './http-service.js';

export { ConfigError } from './config.js';
export type { RunningService } from './http-service.js';
export type { HostPorts } from '../adapters/persistence/host-ports-storage.js';
export { StorageOpenFailure } from '../adapters/persistence/storage-open-failure.js';
export type {
  OpenedStorage,
  StorageAdapter,
  StorageContext,
  StorageSetting,
} from '../adapters/persistence/storage-adapter.js';
export {
  InMemoryIdempotencyStore,
  type InMemoryIdempotencyOptions,
} from '../adapters/persistence/built-in-storages.js';

export interface ServiceOptions {
  /**
   * The settings, by the names `petstore serve --help` lists (PORT, HOST, STORAGE, API_KEYS, ...),
   * and those your storage adapter reads, as strings; nothing is read from the environment. Unset
   * or empty: each one's default.
   */
  readonly settings?: Readonly<Record<string, string | undefined>>;
  /**
   * Storage of your own in place of the one STORAGE names. Either a storage adapter, which the service
   * opens with its settings and closes at the end, as it does a built-in one; or ports you opened
   * yourself, and close yourself: a repository that passes the PetRepository and PetRestore contracts
   * of `petstore/testing`, and an idempotency store that passes its contract (kept in this process
   * when left out, up to IDEMPOTENCY_MAX_KEYS per client).
   */
  readonly storage?: StorageAdapter | HostPorts;
  /**
   * Where the service logs: any pino logger (the service logs JSON lines to stdout when unset), or
   * `false` for no log at all.
   */
  readonly logger?: Logger | false;
  /**
   * Traces each request with this OpenTelemetry tracer: a server span continuing the caller's W3C
   * trace context, a span for its use case and one for each storage call. The host sets up the SDK
   * (its context manager, propagator and exporter); `petstore serve` does so from the OTEL_* settings.
   * Unset: no spans, and no module of the tracing adapter or the SDK is loaded.
   */
  readonly tracer?: Tracer | undefined;
}

/**
 * Starts the service: the settings read and checked, the storage opened, the API listening (and
 * GET /metrics on METRICS_PORT when set). A bad setting rejects with a ConfigError naming it; a
 * storage that fails to open and whose adapter explains why, with a StorageOpenFailure in its words.
 */
export async function startService({
  settings = {},
  storage,
  logger: hostLogger,
  tracer,
}: ServiceOptions = {}): Promise<RunningService> {
  const config = loadConfig(settings, { storage: storage && ('open' in storage ? storage : storageOfPorts(storage)) });
  const logger = hostLogger === false ? pino({ enabled: false }) : (hostLogger ?? createLogger(config));
  return startHttpService({ config, logger, tracer });
}
