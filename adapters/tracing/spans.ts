import { SpanStatusCode, trace, TraceFlags, type Span, type SpanOptions, type Tracer } from '@opentelemetry/api';
import { DomainError, StorageUnavailable } from '@petstore/core/errors.js';

/** The code of a domain rule that refused a call: a refusal, not a failure. */
export const REFUSED_ATTRIBUTE = 'petstore.refused';

/** What a span records of an error: its class and message, as the semantic conventions' exception event has them. */
export function recordFailure(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/**
 * Runs `work` in a span of its own, the active one while it runs, so that what it calls (a storage
 * call, a driver's command) comes under it. A failure is recorded on the span and thrown on unchanged.
 * Under a span the sampler left out, `work` just runs: its spans would be left out with it (the
 * parent-based samplers leave out the children of what they left out), and cost a request as much
 * as recorded ones to make.
 */
export function inSpan<T>(tracer: Tracer, name: string, options: SpanOptions, work: () => Promise<T>): Promise<T> {
  if (underSpanLeftOut()) return work();
  return tracer.startActiveSpan(name, options, (span) => endedWith(span, work, recordOutcome));
}

/** Ends `span` once `work` is done: how it failed, if it did, recorded by `record`, and thrown on. */
export async function endedWith<T>(
  span: Span,
  work: () => Promise<T>,
  record: (span: Span, error: unknown) => void = recordFailure,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    record(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/**
 * A domain rule's refusal (no such pet, an invalid one, a key in use) is the caller's doing: the span
 * names it and is no error, as the request's 4xx is none. Anything else, storage out of reach
 * included, is a failure.
 */
function recordOutcome(span: Span, error: unknown): void {
  if (error instanceof DomainError && !(error instanceof StorageUnavailable))
    span.setAttribute(REFUSED_ATTRIBUTE, error.code);
  else recordFailure(span, error);
}

/** Whether the active span is one the sampler left out: a parent that is there, and not sampled. */
function underSpanLeftOut(): boolean {
  const parent = trace.getActiveSpan()?.spanContext();
  return parent !== undefined && (parent.traceFlags & TraceFlags.SAMPLED) === 0;
}
