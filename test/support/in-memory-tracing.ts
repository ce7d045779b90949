import { context, propagation, type Span, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface InMemoryTracing {
  readonly tracer: Tracer;
  /** The spans ended so far, in the order they ended. */
  spans(): ReadableSpan[];
  reset(): void;
  /** Takes the context manager and propagator back off the process's OpenTelemetry API. */
  dispose(): Promise<void>;
}

/**
 * The OpenTelemetry SDK as a host sets it up, in this process, with its spans kept in memory: the
 * context manager that carries the active span across awaits, and the W3C propagator.
 */
export function inMemoryTracing(): InMemoryTracing {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  return {
    tracer: provider.getTracer('test'),
    spans: () => exporter.getFinishedSpans(),
    reset: () => {
      exporter.reset();
    },
    dispose: async () => {
      context.disable();
      propagation.disable();
      await provider.shutdown();
    },
  };
}

/**
 * The in-memory tracing of a test file: set up before its first test, emptied before each, taken
 * off the process's OpenTelemetry API after its last.
 */
export function inMemoryTracingPerFile(): InMemoryTracing {
  let current: InMemoryTracing | undefined;
  beforeAll(() => {
    current = inMemoryTracing();
  });
  afterAll(() => current?.dispose());
  beforeEach(() => {
    current?.reset();
  });
  const set = (): InMemoryTracing => {
    if (current === undefined) throw new Error('the tracing is set up before the first test, and read only in tests');
    return current;
  };
  return {
    get tracer() {
      return set().tracer;
    },
    spans: () => set().spans(),
    reset: () => {
      set().reset();
    },
    dispose: () => set().dispose(),
  };
}

/** A tracer whose every request span is `span`, and that refuses to make any span under it. */
export function tracerOfOnly(span: Span): Tracer {
  return {
    startSpan: () => span,
    startActiveSpan: () => {
      throw new Error('no child span under a span left out');
    },
  };
}

/** The span's parent's id, or undefined for a root. */
export function parentIdOf(span: ReadableSpan): string | undefined {
  return span.parentSpanContext?.spanId;
}

/** A tracer that counts the spans made with it, and those of them ended. */
export interface CountingTracer {
  readonly tracer: Tracer;
  started(): number;
  ended(): number;
}

export function countingTracer(inner: Tracer): CountingTracer {
  let started = 0;
  let ended = 0;
  const counted = (span: Span): Span => {
    started += 1;
    const end = span.end.bind(span);
    span.end = (time) => {
      ended += 1;
      end(time);
    };
    return span;
  };
  const tracer: Tracer = {
    startSpan: (name, options, parent) => counted(inner.startSpan(name, options, parent)),
    startActiveSpan: (...args: unknown[]) => {
      const work = args.pop() as (span: Span) => unknown;
      return (inner.startActiveSpan as (...all: unknown[]) => unknown)(...args, (span: Span) => work(counted(span)));
    },
  };
  return { tracer, started: () => started, ended: () => ended };
}
