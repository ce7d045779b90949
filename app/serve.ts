import type Koa from 'koa';
import { StorageUnavailable } from '../core/errors.js';
import { DOCS_PATH, OPENAPI_PATH } from '../adapters/http/routes/docs-routes.js';
import type { Shutdown } from '../adapters/http/routes/health-routes.js';
import { resolveApiKeys } from './api-keys.js';
import { ConfigError, loadConfig } from './config.js';
import { createContainer } from './container.js';
import { listen } from './http-server.js';
import { createLogger } from './logging/logger.js';
import { TOKENS } from './tokens.js';

/** The exit code when requests were cut at SHUTDOWN_TIMEOUT, after GNU timeout's "timed out". */
export const EXIT_FORCED = 124;

/** Start-up cannot succeed; the message is the one line a person reads, after `petstore: `. */
export class StartupFailure extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'StartupFailure';
  }
}

/**
 * `petstore serve`: starts the service on the settings in `env`, and on SIGTERM or SIGINT drains it.
 * Resolves with the exit code once it has stopped: 0 drained, 124 requests cut at SHUTDOWN_TIMEOUT.
 */
export async function serve(env: Record<string, string | undefined>): Promise<number> {
  try {
    return await serveUntilSignalled(env);
  } catch (error) {
    throw startupFailure(error);
  }
}

async function serveUntilSignalled(env: Record<string, string | undefined>): Promise<number> {
  const config = loadConfig(env);
  const logger = createLogger(config);
  const keys = resolveApiKeys(config);

  const container = createContainer(config, logger, keys);
  const app = await container.getAsync<Koa>(TOKENS.HttpApp);
  const running = await listen(app, { port: config.port, host: config.host, logger });
  const metricsServer = config.metrics && config.metricsPort !== undefined
    ? await listen(await container.getAsync<Koa>(TOKENS.MetricsApp), { port: config.metricsPort, host: config.host, logger })
    : undefined;

  const { address, port } = running.address;
  const origin = `http://${running.address.family === 'IPv6' ? `[${address}]` : address}:${port}`;
  logger.info({ host: address, port, storage: config.storage.kind, docs: `${origin}${DOCS_PATH}`, openapi: `${origin}${OPENAPI_PATH}` }, 'petstore listening');
  if (metricsServer) logger.info({ host: metricsServer.address.address, port: metricsServer.address.port }, 'metrics listening');
  if (keys.generatedKey !== undefined) {
    // The one place a key is ever printed, once start-up has succeeded: a development convenience, refused in production.
    logger.warn(
      { apiKey: keys.generatedKey },
      'No API_KEYS or API_KEY_DIGESTS set: generated a development API key for this run; send it as "Authorization: Bearer <apiKey>"',
    );
  }

  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  container.get<Shutdown>(TOKENS.Shutdown).begin();
  // SIGTERM comes from an orchestrator, whose load balancer needs the grace to stop sending
  // traffic here; Ctrl-C (SIGINT) comes from a person at a terminal, who has no load balancer.
  const graceMs = signal === 'SIGTERM' ? config.shutdownGraceMs : 0;
  logger.info({ signal, graceMs }, 'shutting down: finishing in-flight requests');
  const [outcome] = await Promise.all([running.close(config.shutdownTimeoutMs, graceMs), metricsServer?.close(config.shutdownTimeoutMs, graceMs)]);
  await container.unbindAllAsync();
  logger.info({ outcome }, 'stopped');
  return outcome === 'drained' ? 0 : EXIT_FORCED;
}

/** Why start-up failed, in words a person acts on; a driver's own message may carry the connection string, so it is not shown. */
function startupFailure(error: unknown): StartupFailure {
  if (error instanceof ConfigError) return new StartupFailure(`configuration error: ${error.message}`, { cause: error });
  if (error instanceof StorageUnavailable) {
    return new StartupFailure('failed to start: storage is not reachable within MONGODB_TIMEOUT_MS; check MONGODB_URI and the server', { cause: error });
  }
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    const { port } = error as NodeJS.ErrnoException & { port?: number };
    return new StartupFailure(
      `failed to start: port ${String(port)} is already in use; choose another with PORT (or METRICS_PORT, for /metrics on a port of its own)`,
      { cause: error },
    );
  }
  return new StartupFailure(`failed to start: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}
