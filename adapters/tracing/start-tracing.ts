// Loaded only when the settings ask for traces: the OpenTelemetry SDK is a few megabytes of modules.
import { diag, DiagLogLevel, trace, type Tracer } from '@opentelemetry/api';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK, type NodeSDKConfiguration } from '@opentelemetry/sdk-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import pTimeout, { TimeoutError } from 'p-timeout';
import type { Logger } from 'pino';
import { countedOtlpExporter } from './counted-exporter.js';
import { diagLoggerOf } from './diag-logger.js';

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
export async function startTracing({
  logger,
  version,
  instrumentations,
}: {
  logger: Logger;
  version: string;
  instrumentations: readonly object[];
}): Promise<Tracing> {
  // The SDK's own troubles (a collector that refuses spans, a setting it cannot read) go to the service's log.
  if (process.env.OTEL_LOG_LEVEL === undefined) diag.setLogger(diagLoggerOf(logger), DiagLogLevel.WARN);
  const exporter = await countedOtlpExporter(process.env);
  const sdk = new NodeSDK({
    ...(exporter && { traceExporter: exporter }),
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
  const warnOfLostSpans = (why: string) => {
    const spans = exporter === undefined ? 'spans' : `${String(exporter.notExported)} spans`;
    logger.warn(`tracing: ${spans} not exported, let go at exit: ${why}`);
  };
  return {
    tracer: trace.getTracer('petstore', version),
    shutdown: async (timeoutMs) => {
      const milliseconds = Math.max(timeoutMs, 1);
      try {
        await pTimeout(sdk.shutdown(), { milliseconds });
        if (exporter !== undefined && exporter.notExported > 0) warnOfLostSpans('the collector refused them');
      } catch (error) {
        warnOfLostSpans(
          error instanceof TimeoutError
            ? `the collector did not answer within ${String(milliseconds)} ms`
            : (error as Error).message,
        );
        // With the exit code the command set by then; the log's own exit hook writes its last lines.
        setTimeout(() => process.exit(), EXIT_AFTER_LOST_SPANS_MS).unref();
      }
    },
  };
}
