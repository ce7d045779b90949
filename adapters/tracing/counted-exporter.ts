import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace';

/**
 * A span exporter that counts the spans it is handed and those its collector took, so that spans let
 * go at exit can be told in a number. At shutdown the SDK hands every span it holds to the exporter at
 * once, so what is not exported then is what is lost.
 */
export class CountedExporter implements SpanExporter {
  #handed = 0;
  #exported = 0;

  /** `exporter`: the one that sends the spans. */
  constructor(readonly exporter: SpanExporter) {}

  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    this.#handed += spans.length;
    this.exporter.export(spans, (result) => {
      if (result.code === ExportResultCode.SUCCESS) this.#exported += spans.length;
      done(result);
    });
  }

  /** The spans handed over that no collector has taken, failed or still on their way. */
  get notExported(): number {
    return this.#handed - this.#exported;
  }

  shutdown(): Promise<void> {
    return this.exporter.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.exporter.forceFlush?.() ?? Promise.resolve();
  }
}

/**
 * The exporter OTEL_TRACES_EXPORTER names when it is OTLP, its default, made as the SDK makes it (its
 * protocol from OTEL_EXPORTER_OTLP_[TRACES_]PROTOCOL; endpoint, headers and timeout it reads itself),
 * and counted. Any other exporter, or several, the SDK makes itself, uncounted.
 */
export async function countedOtlpExporter(
  env: Readonly<Record<string, string | undefined>>,
): Promise<CountedExporter | undefined> {
  if ((env.OTEL_TRACES_EXPORTER?.trim() || 'otlp') !== 'otlp') return undefined;
  const protocol = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL;
  const { OTLPTraceExporter } = await (protocol?.trim() === 'grpc'
    ? import('@opentelemetry/exporter-trace-otlp-grpc')
    : protocol?.trim() === 'http/json'
      ? import('@opentelemetry/exporter-trace-otlp-http')
      : import('@opentelemetry/exporter-trace-otlp-proto'));
  return new CountedExporter(new OTLPTraceExporter());
}
