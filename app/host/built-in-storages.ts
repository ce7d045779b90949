// The one list of the storages STORAGE can name. Adding one is a package under adapters/persistence/
// that exports its StorageAdapter, and its line here.
import { ConfigError } from '@petstore/settings/config-error.js';
import type { StorageAdapter } from '@petstore/settings/storage-adapter.js';
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

/** The package STORAGE=mongo needs: with the MongoDB driver, which a host that never uses it need not install. */
const MONGO_PACKAGE = '@petstore/storage-mongodb';

/**
 * STORAGE=mongo where its package is not installed: listed with its settings' names, so that help and the
 * refusal read the same, and refused at start-up in one line naming the package to install.
 */
const mongoNotInstalled: StorageAdapter = {
  name: 'mongo',
  summary: `MongoDB, with the package ${MONGO_PACKAGE} (not installed)`,
  settings: [],
  readSettings: () => {
    throw new ConfigError(`STORAGE=mongo needs the package ${MONGO_PACKAGE}: install it`);
  },
  open: () => Promise.reject(new ConfigError(`STORAGE=mongo needs the package ${MONGO_PACKAGE}: install it`)),
};

const mongoStorage = await import('@petstore/storage-mongodb/mongo-storage.js').then(
  (loaded) => loaded.mongoStorage as StorageAdapter,
  (error: unknown) => {
    // Not installed is a choice of the host's; any other failure to load is a fault, and says so.
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (code === 'ERR_MODULE_NOT_FOUND' && typeof message === 'string' && message.includes(MONGO_PACKAGE))
      return mongoNotInstalled;
    throw error;
  },
);

/** In the order help lists them. */
export const BUILT_IN_STORAGES: readonly BuiltInStorage[] = [sqliteStorage, memoryStorage, mongoStorage];

/** What STORAGE names when unset. */
export const DEFAULT_STORAGE = 'sqlite';

/** Where a host's idempotency keys are kept when its ports bring no store of their own: memory, with its settings. */
export const STORAGE_OF_HOST_KEYS: StorageAdapter = memoryStorage;
