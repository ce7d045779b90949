import type Koa from 'koa';
import { StorageUnavailable } from '../core/errors.js';
import { resolveApiKeys } from './api-keys.js';
import { ConfigError, loadConfig } from './config.js';
import { createContainer } from './container.js';
import { DOCS_PATH, OPENAPI_PATH } from '../adapters/http/routes/docs-routes.js';
import type { Shutdown } from '../adapters/http/routes/health-routes.js';
import { listen } from './http-server.js';
import { createLogger } from './logging/logger.js';
import { TOKENS } from './tokens.js';

/** The exit code when requests were cut at SHUTDOWN_TIMEOUT, after GNU timeout's "timed out". */
const EXIT_FORCED = 124;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const logger = createLogger(config);
  const keys = resolveApiKeys(config);
  if (keys.generatedKey !== undefined) {
    // The one place a key is ever printed: a development convenience, refused in production.
    logger.warn(
      { apiKey: keys.generatedKey },
      'No API_KEYS or API_KEY_DIGESTS set: generated a development API key for this run; send it as "Authorization: Bearer <apiKey>"',
    );
  }

  const container = createContainer(config, logger, keys);
  const app = await container.getAsync<Koa>(TOKENS.HttpApp);
  const running = await listen(app, { port: config.port, host: config.host, logger });
  const origin = `http://${running.address.family === 'IPv6' ? `[${running.address.address}]` : running.address.address}:${running.address.port}`;
  logger.info(
    { host: running.address.address, port: running.address.port, storage: config.storage.kind, docs: `${origin}${DOCS_PATH}`, openapi: `${origin}${OPENAPI_PATH}` },
    'petstore listening',
  );
  const metricsServer = config.metrics && config.metricsPort !== undefined
    ? await listen(await container.getAsync<Koa>(TOKENS.MetricsApp), { port: config.metricsPort, host: config.host, logger })
    : undefined;
  if (metricsServer) logger.info({ host: metricsServer.address.address, port: metricsServer.address.port }, 'metrics listening');

  const shutdown = container.get<Shutdown>(TOKENS.Shutdown);
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    shutdown.begin();
    // SIGTERM comes from an orchestrator, whose load balancer needs the grace to stop sending
    // traffic here; Ctrl-C (SIGINT) comes from a person at a terminal, who has no load balancer.
    const graceMs = signal === 'SIGTERM' ? config.shutdownGraceMs : 0;
    logger.info({ signal, graceMs }, 'shutting down: finishing in-flight requests');
    const [outcome] = await Promise.all([running.close(config.shutdownTimeoutMs, graceMs), metricsServer?.close(config.shutdownTimeoutMs, graceMs)]);
    await container.unbindAllAsync();
    logger.info({ outcome }, 'stopped');
    process.exit(outcome === 'drained' ? 0 : EXIT_FORCED);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, (received) => void stop(received));
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`petstore: configuration error: ${error.message}\n`);
  } else if (error instanceof StorageUnavailable) {
    // The cause is not printed: a driver message may carry parts of the connection string.
    process.stderr.write('petstore: failed to start: storage is not reachable within MONGODB_TIMEOUT_MS; check MONGODB_URI and the server\n');
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    const { port } = error as NodeJS.ErrnoException & { port?: number };
    process.stderr.write(`petstore: failed to start: port ${String(port)} is already in use; choose another with PORT (or METRICS_PORT, for /metrics on a port of its own)\n`);
  } else {
    process.stderr.write(`petstore: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  process.exit(1);
});

