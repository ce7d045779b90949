// The one list of the storages STORAGE can name. Adding one is a package under adapters/persistence/
// that exports its StorageAdapter, and its line here.
import type { StorageAdapter } from '@petstore/settings/storage-adapter.js';
import { storageIfInstalled } from '@petstore/settings/storage-if-installed.js';
import { memoryStorage } from '@petstore/storage-memory/memory-storage.js';
import { sqliteStorage } from '@petstore/storage-sqlite/sqlite-storage.js';

/** For a host that keeps idempotency keys in its own process. */
export {
  InMemoryIdempotencyStore,
  type InMemoryIdempotencyOptions,
} from '@petstore/storage-memory/in-memory-idempotency-store.js';
/** For a host that keeps its pets in its own process: indexed by id and by status, so a page costs its own size. */
export { InMemoryPetRepository } from '@petstore/storage-memory/in-memory-pet-repository.js';

/** A storage STORAGE can name. */
export type BuiltInStorage = StorageAdapter;

/** MongoDB's package holds its driver, which a host that never uses it need not install. */
const mongoStorage = await storageIfInstalled(
  async () => (await import('@petstore/storage-mongodb/mongo-storage.js')).mongoStorage,
  { name: 'mongo', summary: 'MongoDB', packageName: '@petstore/storage-mongodb' },
);

/** In the order help lists them. */
export const BUILT_IN_STORAGES: readonly BuiltInStorage[] = [sqliteStorage, memoryStorage, mongoStorage];

/** What STORAGE names when unset. */
export const DEFAULT_STORAGE = 'sqlite';

/** Where a host's idempotency keys are kept when its ports bring no store of their own: memory, with its settings. */
export const STORAGE_OF_HOST_KEYS: StorageAdapter = memoryStorage;
