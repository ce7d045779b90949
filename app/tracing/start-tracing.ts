// Loaded only when the settings ask for traces: the OpenTelemetry SDK is a few megabytes of modules.
import { diag, DiagLogLevel, trace, type DiagLogger, type Tracer } from '@opentelemetry/api';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK, type NodeSDKConfiguration } from '@opentelemetry/sdk-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import pTimeout from 'p-timeout';
import type { Logger } from 'pino';

/** Long enough for the command to set its exit code and let go of what it holds; unref'd, it never delays an exit. */
const EXIT_AFTER_LOST_SPANS_MS = 100;

export interface Tracing {
  /** What the service's spans are made with. */
  readonly tracer: Tracer;
  /**
   * Exports the spans still held, within `timeoutMs` (none left: at once, or not at all), and stops.
   * Past it, the spans are let go and a collector out of reach cannot hold the exit up: the process
   * exits a moment later, whatever the exporter's connection still waits for.
   */
  shutdown(timeoutMs: number): Promise<void>;
}

/**
 * Starts the OpenTelemetry SDK on the standard OTEL_* settings of the process's environment (the
 * exporter, its endpoint and headers, the sampler, the propagators, OTEL_SERVICE_NAME and
 * OTEL_RESOURCE_ATTRIBUTES), for traces only. A driver given `instrumentations` must load after
 * this: an instrumentation patches its module as it loads.
 */
export function startTracing({
  logger,
  version,
  instrumentations,
}: {
  logger: Logger;
  version: string;
  instrumentations: readonly object[];
}): Tracing {
  // The SDK's own troubles (a collector that refuses spans, a setting it cannot read) go to the service's log.
  if (process.env.OTEL_LOG_LEVEL === undefined) diag.setLogger(diagLoggerOf(logger), DiagLogLevel.WARN);
  const sdk = new NodeSDK({
    // The service's name and version, unless OTEL_SERVICE_NAME or OTEL_RESOURCE_ATTRIBUTES say otherwise.
    resource: defaultResource().merge(
      resourceFromAttributes({ [ATTR_SERVICE_NAME]: 'petstore', [ATTR_SERVICE_VERSION]: version }),
    ),
    instrumentations: [...instrumentations] as NodeSDKConfiguration['instrumentations'],
    // Traces only: metrics are Prometheus's (/metrics), and logs are the log lines.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return {
    tracer: trace.getTracer('petstore', version),
    shutdown: (timeoutMs) =>
      pTimeout(sdk.shutdown(), { milliseconds: Math.max(timeoutMs, 1) }).catch((error: unknown) => {
        logger.warn(
          { error: error instanceof Error ? error.message : String(error) },
          'tracing: spans not exported before exit',
        );
        // With the exit code the command set by then; the log's own exit hook writes its last lines.
        setTimeout(() => process.exit(), EXIT_AFTER_LOST_SPANS_MS).unref();
      }),
  };
}

/**
 * The SDK's troubles as the service's warning lines. The SDK hands an error over as its JSON
 * (`{"stack":...,"message":...}`): the line's `msg` says what went wrong, and the rest goes in `error`.
 */
export function diagLoggerOf(logger: Logger): DiagLogger {
  const warn = (message: string) => {
    const failure = errorIn(message);
    if (failure === undefined) logger.warn(`tracing: ${message}`);
    else logger.warn({ error: failure }, `tracing: ${failure.message}`);
  };
  const ignore = () => undefined;
  return { error: warn, warn, info: ignore, debug: ignore, verbose: ignore };
}

/** The error a message carries as JSON, if it is one: an object with a message. */
function errorIn(message: string): (Record<string, unknown> & { message: string }) | undefined {
  if (!message.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(message);
    const candidate = parsed as { message?: unknown } | null;
    return typeof candidate?.message === 'string'
      ? (parsed as Record<string, unknown> & { message: string })
      : undefined;
  } catch {
    return undefined;
  }
}
