// The one list of the storages STORAGE can name. Adding one is a folder under adapters/persistence/
// that exports its StorageAdapter, and its line here.
import { memoryStorage } from '@petstore/storage-memory/memory-storage.js';
import { mongoStorage } from '@petstore/storage-mongodb/mongo-storage.js';
import { sqliteStorage } from '@petstore/storage-sqlite/sqlite-storage.js';
import type { StorageAdapter } from '@petstore/settings/storage-adapter.js';

/** For a host that keeps idempotency keys in its own process. */
export {
  InMemoryIdempotencyStore,
  type InMemoryIdempotencyOptions,
} from '@petstore/storage-memory/in-memory-idempotency-store.js';
/** For a host that keeps its pets in its own process: indexed by id and by status, so a page costs its own size. */
export { InMemoryPetRepository } from '@petstore/storage-memory/in-memory-pet-repository.js';

/**
 * A storage this package ships; its driver's OpenTelemetry instrumentations, if it has any, are registered before it
 * opens.
 */
export interface BuiltInStorage extends StorageAdapter {
  instrumentations?(): Promise<object[]>;
}

/** In the order help lists them. */
export const BUILT_IN_STORAGES: readonly BuiltInStorage[] = [sqliteStorage, memoryStorage, mongoStorage];

/** What STORAGE names when unset. */
export const DEFAULT_STORAGE = 'sqlite';

/** Where a host's idempotency keys are kept when its ports bring no store of their own: memory, with its settings. */
export const STORAGE_OF_HOST_KEYS: StorageAdapter = memoryStorage;
