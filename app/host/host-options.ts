import { pino, type Logger } from 'pino';
import { createLogger } from '@petstore/logging/logger.js';
import type { StorageAdapter } from '@petstore/settings/storage-adapter.js';
import { loadConfig } from './config.js';
import type { Composition } from './container.js';
import { storageOfPorts, type HostPorts } from './host-ports-storage.js';

/** What a host opens the API with: whether `startService` listens itself or a server hands it requests. */
export interface HostOptions {
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
}

/** The settings read and checked (a bad one throws a ConfigError naming it), and the log, from a host's options. */
export function readHostOptions({
  settings = {},
  storage,
  logger,
}: HostOptions): Pick<Composition, 'config' | 'logger'> {
  const config = loadConfig(settings, { storage: storage && ('open' in storage ? storage : storageOfPorts(storage)) });
  return { config, logger: logger === false ? pino({ enabled: false }) : (logger ?? createLogger(config)) };
}
