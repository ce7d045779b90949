// `petstore/service`: the whole service as a function another program can start and stop.
import type { AddressInfo } from 'node:net';
import type { Tracer } from '@opentelemetry/api';
import type Koa from 'koa';
import type { IdempotencyStore, PetRepository, PetRestore } from '../core/ports.js';
import { DOCS_PATH, OPENAPI_PATH } from '../adapters/http/routes/docs/docs-routes.js';
import { resolveApiKeys } from './api-keys.js';
import { loadConfig } from './config.js';

export { ConfigError } from './config.js';
import { createContainer, inMemoryIdempotencyStore } from './container.js';
import { listen, type RunningServer } from './http-server.js';
import { createLogger } from './logging/logger.js';
import type { Shutdown } from './shutdown.js';
import { TOKENS } from './tokens.js';

export interface ServiceOptions {
  /**
   * The settings, by the names `petstore serve --help` lists (PORT, HOST, STORAGE, API_KEYS, ...),
   * as strings; nothing is read from the environment. Unset: each one's default.
   */
  readonly settings?: Readonly<Record<string, string | undefined>>;
  /**
   * Storage of your own in place of the one STORAGE names: a repository that passes the contracts
   * of `petstore/testing`, and an idempotency store (kept in memory when left out).
   */
  readonly storage?: {
    readonly pets: PetRepository & PetRestore;
    readonly idempotency?: IdempotencyStore;
  };
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
 * GET /metrics on METRICS_PORT when set). A bad setting rejects with a ConfigError naming it.
 */
export async function startService({ settings = {}, storage, tracer }: ServiceOptions = {}): Promise<RunningService> {
  const config = loadConfig(settings);
  const logger = createLogger(config);
  const keys = resolveApiKeys(config);
  const tracing = tracer && { tracer, storageKind: storage === undefined ? config.storage.kind : ('custom' as const) };
  const container = createContainer(config, logger, keys, tracing);
  if (storage !== undefined) {
    container.rebind<PetRepository & PetRestore>(TOKENS.PetRepository).toConstantValue(storage.pets);
    container.rebind<IdempotencyStore>(TOKENS.IdempotencyStore).toConstantValue(storage.idempotency ?? inMemoryIdempotencyStore(config.idempotency));
  }

  let running: RunningServer | undefined;
  let metricsServer: RunningServer | undefined;
  try {
    running = await listen(await container.getAsync<Koa>(TOKENS.HttpApp), { port: config.port, host: config.host, logger });
    if (config.metrics && config.metricsPort !== undefined) {
      metricsServer = await listen(await container.getAsync<Koa>(TOKENS.MetricsApp), { port: config.metricsPort, host: config.host, logger });
    }
  } catch (error) {
    // What did start (a server, a database) is let go, so a caller that goes on running holds nothing of it.
    await running?.close(0);
    await container.unbindAllAsync().catch(() => undefined);
    throw error;
  }

  const server = running;
  const { address, port, family } = server.address;
  const url = `http://${family === 'IPv6' ? `[${address}]` : address}:${port}`;
  logger.info({ host: address, port, storage: storage === undefined ? config.storage.kind : 'custom', docs: `${url}${DOCS_PATH}`, openapi: `${url}${OPENAPI_PATH}` }, 'petstore listening');
  if (metricsServer) logger.info({ host: metricsServer.address.address, port: metricsServer.address.port }, 'metrics listening');
  if (keys.generatedKey !== undefined) {
    // The one place a key is ever printed, once start-up has succeeded: a development convenience, refused in production.
    logger.warn(
      { apiKey: keys.generatedKey },
      'No API_KEYS or API_KEY_DIGESTS set: generated a development API key for this run; send it as "Authorization: Bearer <apiKey>"',
    );
  }

  const stop = async (graceMs: number) => {
    container.get<Shutdown>(TOKENS.Shutdown).begin();
    logger.info({ graceMs }, 'shutting down: finishing in-flight requests');
    const [outcome] = await Promise.all([server.close(config.shutdownTimeoutMs, graceMs), metricsServer?.close(config.shutdownTimeoutMs, graceMs)]);
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
