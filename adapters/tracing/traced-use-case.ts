import type { Tracer } from '@opentelemetry/api';
import { inSpan } from './spans.js';

/** A use case: one `execute` a request calls. */
export interface UseCase {
  execute(...args: never[]): Promise<unknown>;
}

/**
 * The use case with each `execute` in a span named after it, under the request's span and over its
 * storage calls'. Its arguments (a pet, a key) stay off the span.
 */
export function tracedUseCase<Case extends UseCase>(useCase: Case, name: string, tracer: Tracer): Case {
  const traced = Object.create(useCase) as Case & { execute: (...args: unknown[]) => Promise<unknown> };
  const execute = useCase.execute.bind(useCase) as (...args: unknown[]) => Promise<unknown>;
  traced.execute = (...args) => inSpan(tracer, name, {}, () => execute(...args));
  return traced;
}
