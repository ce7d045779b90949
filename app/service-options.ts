import type { Tracer } from '@opentelemetry/api';
import type { HostOptions } from '@petstore/host/host-options.js';

/** What a program starts the service with (`startService`): what any host opens the API with, and a tracer. */
export interface ServiceOptions extends HostOptions {
  /**
   * Traces each request with this OpenTelemetry tracer: a server span continuing the caller's W3C
   * trace context, a span for its use case and one for each storage call. The host sets up the SDK
   * (its context manager, propagator and exporter); `petstore serve` does so from the OTEL_* settings.
   * Unset: no spans, and no module of the tracing adapter or the SDK is loaded.
   */
  readonly tracer?: Tracer | undefined;
}
