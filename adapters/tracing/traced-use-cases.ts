import type { Tracer } from '@opentelemetry/api';
import type { UseCaseName, UseCases } from '../../core/use-cases/use-cases.js';
import { tracedExport, tracedImport } from './traced-backup.js';
import { tracedUseCase, type UseCase } from './traced-use-case.js';

/** A use case's span name: its name as a class is named (`listPets` is `ListPets`). */
export function useCaseSpanName(name: UseCaseName): string {
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

/**
 * Every use case traced: an export or an import as one trace of its batches, under `storage`'s name;
 * any other, the use case of a request, as one span under the request's.
 */
export function tracedUseCases(useCases: UseCases, tracer: Tracer, storage: string): UseCases {
  const traced = Object.entries(useCases).map(([name, useCase]) => {
    if (name === 'exportPets') return [name, tracedExport(useCases.exportPets, tracer, storage)];
    if (name === 'importPets') return [name, tracedImport(useCases.importPets, tracer, storage)];
    return [name, tracedUseCase(useCase as UseCase, useCaseSpanName(name as UseCaseName), tracer)];
  });
  return Object.fromEntries(traced) as UseCases;
}
