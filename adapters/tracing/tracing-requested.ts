/** The trace exporters the SDK sets up by name. */
const EXPORTERS: ReadonlySet<string> = new Set(['otlp', 'console', 'zipkin']);

/**
 * Whether the OpenTelemetry settings in `env` ask for traces, read as the SDK reads them: an OTLP
 * endpoint, or OTEL_TRACES_EXPORTER naming an exporter it has (`none` first turns traces off; `none`
 * among others is the default, OTLP), and OTEL_SDK_DISABLED not true. Read before anything of
 * OpenTelemetry loads: unasked, the SDK never does.
 */
export function tracingRequested(env: Readonly<Record<string, string | undefined>>): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = listOf(env.OTEL_TRACES_EXPORTER);
  if (exporters.length > 0)
    return exporters[0] !== 'none' && exporters.some((name) => name === 'none' || EXPORTERS.has(name));
  return [env.OTEL_EXPORTER_OTLP_ENDPOINT, env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT].some(
    (endpoint) => endpoint !== undefined && endpoint.trim() !== '',
  );
}

function listOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item !== '');
}
