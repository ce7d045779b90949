import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import { OTLPTraceExporter as GrpcExporter } from '@opentelemetry/exporter-trace-otlp-grpc';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtoExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { CountedExporter, countedOtlpExporter } from '../../../adapters/tracing/counted-exporter.js';

/** An exporter whose collector answers each export when the test says, and what it says. */
function heldExporter() {
  const waiting: ((result: ExportResult) => void)[] = [];
  const calls: string[] = [];
  const exporter: SpanExporter = {
    export: (_spans, done) => void waiting.push(done),
    shutdown: () => {
      calls.push('shutdown');
      return Promise.resolve();
    },
    forceFlush: () => {
      calls.push('forceFlush');
      return Promise.resolve();
    },
  };
  const answer = (code: ExportResultCode) => waiting.shift()?.({ code });
  return { exporter, answer, calls };
}

const spans = (count: number) => Array.from({ length: count }, () => ({}) as ReadableSpan);

describe('an exporter that counts what its collector took', () => {
  it('counts spans handed over as not exported until the collector takes them', () => {
    const { exporter, answer } = heldExporter();
    const counted = new CountedExporter(exporter);
    const results: ExportResult[] = [];
    counted.export(spans(3), (result) => results.push(result));
    counted.export(spans(2), (result) => results.push(result));
    expect(counted.notExported).toBe(5);
    answer(ExportResultCode.SUCCESS);
    expect(counted.notExported).toBe(2);
    answer(ExportResultCode.FAILED);
    expect(counted.notExported).toBe(2);
    expect(results).toEqual([{ code: ExportResultCode.SUCCESS }, { code: ExportResultCode.FAILED }]);
  });

  it('passes shutdown and flush on to its exporter', async () => {
    const { exporter, calls } = heldExporter();
    const counted = new CountedExporter(exporter);
    await counted.forceFlush();
    await counted.shutdown();
    expect(calls).toEqual(['forceFlush', 'shutdown']);
  });

  it('flushes at once an exporter that has nothing to flush', async () => {
    const withoutFlush: SpanExporter = { export: () => undefined, shutdown: () => Promise.resolve() };
    await expect(new CountedExporter(withoutFlush).forceFlush()).resolves.toBeUndefined();
  });
});

describe('the OTLP exporter the settings ask for', () => {
  const exporterOf = async (env: Record<string, string>) => (await countedOtlpExporter(env))?.exporter.constructor;

  it('is OTLP over HTTP with protobuf by default, counted', async () => {
    expect(await exporterOf({})).toBe(ProtoExporter);
    expect(await exporterOf({ OTEL_TRACES_EXPORTER: ' otlp ', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' })).toBe(
      ProtoExporter,
    );
  });

  it('speaks the protocol the traces setting names, before the general one', async () => {
    expect(await exporterOf({ OTEL_EXPORTER_OTLP_PROTOCOL: ' grpc ' })).toBe(GrpcExporter);
    expect(await exporterOf({ OTEL_EXPORTER_OTLP_PROTOCOL: ' http/json ' })).toBe(JsonExporter);
    expect(
      await exporterOf({ OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }),
    ).toBe(JsonExporter);
  });

  it("leaves any other exporter, or several, to the SDK's own making", async () => {
    expect(await countedOtlpExporter({ OTEL_TRACES_EXPORTER: 'console' })).toBeUndefined();
    expect(await countedOtlpExporter({ OTEL_TRACES_EXPORTER: 'otlp,console' })).toBeUndefined();
  });
});
