import type { Tracer } from '@opentelemetry/api';
import type { StoragePorts } from '@petstore/core/ports.js';
import type { UseCases } from '@petstore/core/use-cases/use-cases.js';
import { tracedStorage, type TracedStorageKind } from './traced-storage.js';
import { tracedUseCases } from './traced-use-cases.js';

/** What `tracer` wraps: each call to the storage's ports, and each use case, naming the storage they run on. */
export function tracingLayers(tracer: Tracer, storage: TracedStorageKind) {
  return {
    storage: (ports: StoragePorts) => tracedStorage(ports, tracer, storage),
    useCases: (useCases: UseCases) => tracedUseCases(useCases, tracer, storage.name),
  };
}
