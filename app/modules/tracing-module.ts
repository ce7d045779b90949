// Loaded only with a tracer: without one, neither this nor the tracing adapter is.
import type { Tracer } from '@opentelemetry/api';
import { ContainerModule } from 'inversify';
import { tracedExport, tracedImport } from '../../adapters/tracing/traced-backup.js';
import { tracedStorage, type TracedStorageKind } from '../../adapters/tracing/traced-storage.js';
import { tracedUseCase, type UseCase } from '../../adapters/tracing/traced-use-case.js';
import { TOKENS, typedOnActivation, type Token } from '../tokens.js';

/** The use cases a request calls, each a span of its own under the request's, named as here. */
const REQUEST_USE_CASES: readonly [Token<UseCase>, string][] = [
  [TOKENS.ListPets, 'ListPets'],
  [TOKENS.CreatePet, 'CreatePet'],
  [TOKENS.CreatePetOnce, 'CreatePetOnce'],
  [TOKENS.GetPet, 'GetPet'],
];

/**
 * Spans made with `tracer`: for each storage call the use cases make, each request's use case, and
 * an import or an export as one trace of its batches.
 */
export function tracingModule(tracer: Tracer, storage: TracedStorageKind): ContainerModule {
  return new ContainerModule(({ onActivation }) => {
    const onActivationOf = typedOnActivation(onActivation);
    onActivationOf(TOKENS.StorageInUse, (_, ports) => tracedStorage(ports, tracer, storage));
    for (const [token, name] of REQUEST_USE_CASES)
      onActivationOf(token, (_, useCase) => tracedUseCase(useCase, name, tracer));
    onActivationOf(TOKENS.ImportPets, (_, importPets) => tracedImport(importPets, tracer, storage.name));
    onActivationOf(TOKENS.ExportPets, (_, exportPets) => tracedExport(exportPets, tracer, storage.name));
  });
}
