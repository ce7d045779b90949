import type { Logger } from 'pino';
import type { Tracing } from './start-tracing.js';
import { tracingRequested } from './tracing-requested.js';

/**
 * Starts OpenTelemetry when the OTEL_* settings in `env` ask for traces, before the storage opens: its
 * driver (by its `dbSystem`) is instrumented as it loads. Its own troubles go to `logger`. Unasked:
 * nothing of the SDK loads.
 */
export async function startTracingIfAsked(
  env: Readonly<Record<string, string | undefined>>,
  { logger, version, dbSystem }: { logger: Logger; version: string; dbSystem: string | undefined },
): Promise<Tracing | undefined> {
  if (!tracingRequested(env)) return undefined;
  const [{ startTracing }, instrumentations] = await Promise.all([
    import('./start-tracing.js'),
    import('./driver-instrumentations.js').then(({ driverInstrumentations }) => driverInstrumentations(dbSystem)),
  ]);
  return startTracing({ logger, version, instrumentations });
}
