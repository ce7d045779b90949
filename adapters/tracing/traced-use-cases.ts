import type { Tracer } from '@opentelemetry/api';
import type { UseCaseName, UseCases } from '@petstore/core/use-cases/use-cases.js';
import { tracedExport, tracedImport } from './traced-backup.js';
import { tracedUseCase, type UseCase } from './traced-use-case.js';

/** A use case's span name: its name as a class is named (`listPets` is `ListPets`). */
export function useCaseSpanName(name: UseCaseName): string {
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

type TracedBatches = (useCases: UseCases, tracer: Tracer, storage: string) => UseCases[UseCaseName];

/** The use cases traced as one trace of their batches, under the storage's name: an export and an import. */
const TRACED_AS_BATCHES: Partial<Record<UseCaseName, TracedBatches>> = {
  exportPets: (useCases, tracer, storage) => tracedExport(useCases.exportPets, tracer, storage),
  importPets: (useCases, tracer, storage) => tracedImport(useCases.importPets, tracer, storage),
};

/** Whether a use case is traced as a span of its own under a request's (every one but the batches). */
export function isTracedAsSpan(name: UseCaseName): boolean {
  return TRACED_AS_BATCHES[name] === undefined;
}

/**
 * Every use case traced: an export or an import as one trace of its batches, under `storage`'s name;
 * any other, the use case of a request, as one span under the request's.
 */
export function tracedUseCases(useCases: UseCases, tracer: Tracer, storage: string): UseCases {
  const traced = Object.entries(useCases).map(([name, useCase]) => {
    const batches = TRACED_AS_BATCHES[name as UseCaseName];
    if (batches !== undefined) return [name, batches(useCases, tracer, storage)];
    return [name, tracedUseCase(useCase as UseCase, useCaseSpanName(name as UseCaseName), tracer)];
  });
  return Object.fromEntries(traced) as UseCases;
}
