import type { AddressInfo } from 'node:net';
import { DOCS_PATH, OPENAPI_PATH } from '../adapters/koa/routes/docs/docs-routes.js';
import { listen, type RunningServer } from '../adapters/koa/server/http-server.js';
import { httpOrigin } from '@petstore/http/server/listen-address.js';
import { API_METHODS } from '../adapters/koa/http-app.js';
import { composeService, logGeneratedKey, type ComposedService } from '@petstore/host/compose-service.js';
import type { Tracer } from '@opentelemetry/api';
import { TOKENS, resolved } from '@petstore/host/tokens.js';
import { httpModule, serviceLayers } from './service-module.js';
import { SERVICE_TOKENS } from './service-tokens.js';

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

/** What the service is composed of: every host's parts, and a tracer when traced. */
export type ServiceComposition = Parameters<typeof composeService>[0] & { readonly tracer?: Tracer | undefined };

/** The service composed but not listening: the use cases, counted and traced, and the HTTP apps over them. */
export async function composeHttpService({ tracer, ...composition }: ServiceComposition): Promise<ComposedService> {
  return composeService({
    ...composition,
    layers: await serviceLayers(composition.config, tracer),
    modules: [httpModule(tracer)],
  });
}

/**
 * The one start of the HTTP service, from what its host made once: the settings read, the logger, and a
 * tracer when traced. `startService` and `petstore serve` both start here: the storage opened, the
 * API listening (and GET /metrics on METRICS_PORT when set).
 */
export async function startHttpService(composition: ServiceComposition): Promise<RunningService> {
  const { config, logger } = composition;
  const { container, keys } = await composeHttpService(composition);
  let running: RunningServer | undefined;
  let metricsServer: RunningServer | undefined;
  try {
    running = await listen(await resolved(container, SERVICE_TOKENS.HttpApp), {
      port: config.port,
      host: config.host,
      logger,
      methods: API_METHODS,
    });
    if (config.metrics && config.metricsPort !== undefined) {
      metricsServer = await listen(await resolved(container, SERVICE_TOKENS.MetricsApp), {
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
  logGeneratedKey(logger, keys);

  const stop = async (graceMs: number) => {
    (await resolved(container, TOKENS.Draining)).begin();
    logger.info({ graceMs }, 'shutting down: finishing in-flight requests');
    const [outcome] = await Promise.all([
      server.close(config.shutdownTimeoutMs, graceMs),
      metricsServer?.close(config.shutdownTimeoutMs, graceMs),
    ]);
    await container.unbindAllAsync();
    // Requests cut at SHUTDOWN_TIMEOUT are worth an operator's look; a drained stop is routine.
    logger[outcome === 'forced' ? 'warn' : 'info']({ outcome }, 'stopped');
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
