// What `petstore serve` and the commands do with the process they run in. `startService` does none
// of it: its host owns the process.
import type { Logger } from 'pino';
import type { Environment } from '@petstore/settings/read-settings.js';
import { projectManifest } from './project-manifest.js';
import type { StorageAdapter } from '@petstore/settings/storage-adapter.js';
import type { Tracing } from './tracing/start-tracing.js';
import { tracingRequested } from './tracing/tracing-requested.js';

/** The signals the process stops for: a supervisor's request (SIGTERM), and Ctrl-C on a terminal (SIGINT). */
export type StopSignal = 'SIGTERM' | 'SIGINT';
const STOP_SIGNALS: readonly StopSignal[] = ['SIGTERM', 'SIGINT'];

/** Calls `listener` on every stop signal until the returned function is called. */
export function onStopSignals(listener: (signal: StopSignal) => void): () => void {
  for (const signal of STOP_SIGNALS) process.on(signal, listener);
  return () => {
    for (const signal of STOP_SIGNALS) process.off(signal, listener);
  };
}

/**
 * Starts OpenTelemetry when the OTEL_* settings in `env` ask for traces, before the storage opens: its
 * driver is instrumented as it loads. Its own troubles go to `logger`. Unasked: nothing of it loads.
 */
export async function startTracingIfAsked(
  env: Environment,
  logger: Logger,
  storage: Pick<StorageAdapter, 'dbSystem'>,
): Promise<Tracing | undefined> {
  if (!tracingRequested(env)) return undefined;
  const [{ startTracing }, instrumentations] = await Promise.all([
    import('./tracing/start-tracing.js'),
    import('../adapters/tracing/driver-instrumentations.js').then(({ driverInstrumentations }) =>
      driverInstrumentations(storage.dbSystem),
    ),
  ]);
  return startTracing({ logger, version: projectManifest().version, instrumentations });
}
