import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { createLogger } from './logging/logger.js';
import { onStopSignals, tracingAsked, type StopSignal } from './process-host.js';
import { startComposedService } from './start-composed-service.js';
import type { Tracing } from './tracing/start-tracing.js';

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
  let service;
  let tracing: Tracing | undefined;
  let config: AppConfig | undefined;
  try {
    // Read once, logged once: the service starts from what was made here for tracing.
    config = loadConfig(env);
    const logger = createLogger(config);
    tracing = await tracingAsked(env, logger, config.storage.adapter);
    service = await startComposedService({ config, logger, tracer: tracing?.tracer });
  } catch (error) {
    await tracing?.shutdown(config?.shutdownTimeoutMs ?? 0);
    throw startupFailure(error);
  }
  const signal = await new Promise<StopSignal>((resolve) => {
    const release = onStopSignals((received) => {
      release();
      resolve(received);
    });
  });
  // SIGTERM comes from an orchestrator, whose load balancer needs the grace to stop sending
  // traffic here; Ctrl-C (SIGINT) comes from a person at a terminal, who has no load balancer.
  const graceMs = signal === 'SIGTERM' ? config.shutdownGraceMs : 0;
  // The whole stop, the last spans' export included, ends within the grace and SHUTDOWN_TIMEOUT.
  const deadline = performance.now() + graceMs + config.shutdownTimeoutMs;
  const outcome = await service.close(graceMs);
  // The spans of the requests the drain finished go out before the exit, in what time is left.
  await tracing?.shutdown(deadline - performance.now());
  return outcome === 'drained' ? 0 : EXIT_FORCED;
}

/**
 * Why start-up failed, in words a person acts on. A storage's failure to open comes already in its
 * adapter's words (StorageOpenFailure), never a driver's message, which may carry a connection string.
 */
function startupFailure(error: unknown): StartupFailure {
  if (error instanceof ConfigError)
    return new StartupFailure(`configuration error: ${error.message}`, { cause: error });
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    const { port } = error as NodeJS.ErrnoException & { port?: number };
    return new StartupFailure(
      `failed to start: port ${String(port)} is already in use; ` +
        'choose another with PORT (or METRICS_PORT, for /metrics on a port of its own)',
      { cause: error },
    );
  }
  return new StartupFailure(`failed to start: ${error instanceof Error ? error.message : String(error)}`, {
    cause: error,
  });
}
