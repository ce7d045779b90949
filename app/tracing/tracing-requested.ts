/**
 * Whether the OpenTelemetry settings in `env` ask for traces, as the specification reads them: an
 * OTLP endpoint, or a trace exporter named in OTEL_TRACES_EXPORTER (`none` alone names none), and
 * OTEL_SDK_DISABLED not true. Read before anything of OpenTelemetry loads: unasked, none of it does.
 */
export function tracingRequested(env: Readonly<Record<string, string | undefined>>): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = listOf(env.OTEL_TRACES_EXPORTER);
  if (exporters.length > 0) return exporters.some((name) => name !== 'none');
  return [env.OTEL_EXPORTER_OTLP_ENDPOINT, env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT].some((endpoint) => endpoint !== undefined && endpoint.trim() !== '');
}

function listOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item !== '');
}
