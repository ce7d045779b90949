import type { Tracer } from '@opentelemetry/api';
import { inSpan } from './spans.js';

/** A use case: one `execute` a request calls. */
export interface UseCase {
  execute(...args: never[]): Promise<unknown>;
}

/**
 * The use case with each `execute` in a span named after it, under the request's span and over its
 * storage calls'. Its arguments (a pet, a key) stay off the span. Made as the storage's wrappers are
 * (wrapStorage): a new object holding the one method a caller calls, not the use case's innards.
 */
export function tracedUseCase<Case extends UseCase>(useCase: Case, name: string, tracer: Tracer): Case {
  const execute = (...args: Parameters<Case['execute']>) => inSpan(tracer, name, {}, () => useCase.execute(...args));
  // A use case's class holds its ports privately; only `execute` is ever called on what stands in for it.
  return { execute } as unknown as Case;
}
