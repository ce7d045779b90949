// `petstore serve`: the service started from the environment's settings, until a stop signal.
import { EXIT_FORCED } from '../adapters/cli/commands/serve.js';
import { onInterruptSignals, type InterruptSignal } from '../adapters/cli/interrupted.js';
import type { Tracing } from '../adapters/tracing/start-tracing.js';
import { startTracingIfAsked } from '../adapters/tracing/start-tracing-if-asked.js';
import { createLogger } from '@petstore/logging/logger.js';
import { loadConfig, type AppConfig } from '@petstore/host/config.js';
import { projectManifest } from './project-manifest.js';

/**
 * How long the service's last spans may take to leave once it has stopped, within what is left of
 * SHUTDOWN_TIMEOUT: a collector out of reach costs the spans, not the exit.
 */
export const SERVICE_FLUSH_MS = 1_000;

/**
 * `petstore serve`: starts the service on the settings in `env`, and on SIGTERM or SIGINT drains it.
 * Resolves with the exit code once it has stopped: 0 drained, 124 requests cut at SHUTDOWN_TIMEOUT.
 */
export async function serveUntilStopped(env: Record<string, string | undefined>): Promise<number> {
  // Listened for before the service starts: a process with no listener is killed by the signal at
  // once, so one that came just after `petstore listening` would cut it without a drain. A stop asked
  // for while it starts is carried out once it has started.
  let release = (): void => undefined;
  const signalled = new Promise<InterruptSignal>((resolve) => {
    release = onInterruptSignals((received) => {
      release();
      resolve(received);
    });
  });
  let service;
  let tracing: Tracing | undefined;
  let config: AppConfig | undefined;
  try {
    // Read once, logged once: the service starts from what was made here for tracing.
    config = loadConfig(env);
    const logger = createLogger(config);
    const { version } = projectManifest();
    tracing = await startTracingIfAsked(env, { logger, version, dbSystem: config.storage.adapter.dbSystem });
    // Loaded once tracing has started, so that what it instruments loads after it.
    service = await (await import('./http-service.js')).startHttpService({ config, logger, tracer: tracing?.tracer });
  } catch (error) {
    release();
    await tracing?.shutdown(SERVICE_FLUSH_MS);
    throw error;
  }
  const signal = await signalled;
  // SIGTERM comes from an orchestrator, whose load balancer needs the grace to stop sending
  // traffic here; Ctrl-C (SIGINT) comes from a person at a terminal, who has no load balancer.
  const graceMs = signal === 'SIGTERM' ? config.shutdownGraceMs : 0;
  // The whole stop, the last spans' export included, ends within the grace and SHUTDOWN_TIMEOUT.
  const deadline = performance.now() + graceMs + config.shutdownTimeoutMs;
  const outcome = await service.close(graceMs);
  // The spans of the requests the drain finished go out before the exit, in what time is left.
  await tracing?.shutdown(Math.min(SERVICE_FLUSH_MS, deadline - performance.now()));
  return outcome === 'drained' ? 0 : EXIT_FORCED;
}
