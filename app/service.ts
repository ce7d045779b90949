// `petstore/service`: the whole service as a function another program can start and stop.
import type { AddressInfo } from 'node:net';
import type { Tracer } from '@opentelemetry/api';
import { pino, type Logger } from 'pino';
import { DOCS_PATH, OPENAPI_PATH } from '../adapters/http/routes/docs/docs-routes.js';
import type { StorageAdapter } from '../adapters/persistence/storage-adapter.js';
import { resolveApiKeys } from './api-keys.js';
import { loadConfig } from './config.js';
import { createContainer } from './container.js';
import { listen, type RunningServer } from './http-server.js';
import { createLogger } from './logging/logger.js';
import { storageOfPorts, type HostPorts } from './storage/host-storage.js';
import { explainedOpenFailure } from './storage/storage-open-failure.js';
import { TOKENS, from } from './tokens.js';
import { httpOrigin } from './listen-address.js';

export { ConfigError } from './config.js';
export type { HostPorts } from './storage/host-storage.js';
export { StorageOpenFailure } from './storage/storage-open-failure.js';
export type {
  OpenedStorage,
  StorageAdapter,
  StorageContext,
  StorageSetting,
} from '../adapters/persistence/storage-adapter.js';
export { InMemoryIdempotencyStore, type InMemoryIdempotencyOptions } from './storage/built-in-storages.js';

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

export interface RunningService {
  /** Where the API listens, such as `http://127.0.0.1:8080` (its operations are under `/v1`). */
  readonly url: string;
  readonly address: AddressInfo;
  /** The key made up for this run when the settings give none (outside production); else undefined. */
  readonly apiKey: string | undefined;
  /**
   * Stops as SIGTERM does: serves for `graceMs` (SHUTDOWN_GRACE by default) not ready, each response
   * closing its connection, then stops accepting and lets requests in flight finish within
   * SHUTDOWN_TIMEOUT, and closes the storage. Resolves `drained`, or `forced` when requests were cut.
   */
  close(graceMs?: number): Promise<'drained' | 'forced'>;
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
  const keys = resolveApiKeys(config);
  const container = await createContainer({ config, logger, keys, tracer });

  let running: RunningServer | undefined;
  let metricsServer: RunningServer | undefined;
  try {
    // Opened before anything else asks for it, so that a failure to open is told apart and explained.
    await from(container, TOKENS.Storage).catch((error: unknown) => {
      throw explainedOpenFailure(error, config.storage.adapter);
    });
    running = await listen(await from(container, TOKENS.HttpApp), { port: config.port, host: config.host, logger });
    if (config.metrics && config.metricsPort !== undefined) {
      metricsServer = await listen(await from(container, TOKENS.MetricsApp), {
        port: config.metricsPort,
        host: config.host,
        logger,
      });
    }
  } catch (error) {
    // What did start (a server, a database) is let go, so a caller that goes on running holds nothing of it.
    await running?.close(0);
    await container.unbindAllAsync().catch(() => undefined);
    throw error;
  }

  const server = running;
  const { address, port } = server.address;
  const url = httpOrigin(address, port);
  logger.info(
    {
      host: address,
      port,
      storage: config.storage.adapter.name,
      docs: `${url}${DOCS_PATH}`,
      openapi: `${url}${OPENAPI_PATH}`,
    },
    'petstore listening',
  );
  if (metricsServer)
    logger.info({ host: metricsServer.address.address, port: metricsServer.address.port }, 'metrics listening');
  if (keys.generatedKey !== undefined) {
    // The one place a key is ever printed, once start-up has succeeded: a development convenience, refused in
    // production.
    logger.warn(
      { apiKey: keys.generatedKey },
      'No API_KEYS or API_KEY_DIGESTS set: generated a development API key for this run; send it as "Authorization: ' +
        'Bearer <apiKey>"',
    );
  }

  const stop = async (graceMs: number) => {
    (await from(container, TOKENS.Shutdown)).begin();
    logger.info({ graceMs }, 'shutting down: finishing in-flight requests');
    const [outcome] = await Promise.all([
      server.close(config.shutdownTimeoutMs, graceMs),
      metricsServer?.close(config.shutdownTimeoutMs, graceMs),
    ]);
    await container.unbindAllAsync();
    logger.info({ outcome }, 'stopped');
    return outcome;
  };
  // One shutdown, however many times it is asked for (a second signal, a second caller).
  let stopped: Promise<'drained' | 'forced'> | undefined;
  return {
    url,
    address: server.address,
    apiKey: keys.generatedKey,
    close: (graceMs = config.shutdownGraceMs) => (stopped ??= stop(graceMs)),
  };
}
