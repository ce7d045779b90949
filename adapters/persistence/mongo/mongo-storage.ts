import * as v from 'valibot';
import { StorageUnavailable } from '@petstore/core/errors.js';
import { readSettings, settingsHelpOf } from '@petstore/settings/read-settings.js';
import { integerSetting } from '@petstore/settings/setting-kinds.js';
import { ConfigError } from '@petstore/settings/config-error.js';
import type { OpenedStorage, StorageAdapter } from '@petstore/settings/storage-adapter.js';

const SETTINGS = v.object({
  MONGODB_URI: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^mongodb(\+srv)?:\/\/\S+$/, 'must be a mongodb:// or mongodb+srv:// connection string'),
    ),
  ),
  MONGODB_DB: v.optional(
    v.pipe(v.string(), v.regex(/^[^/\\. "$]{1,63}$/, 'must be a MongoDB database name')),
    'petstore',
  ),
  MONGODB_TIMEOUT_MS: v.optional(integerSetting(100, 60_000, ' of milliseconds'), '2000'),
});

export interface MongoSettings {
  /** May hold credentials: never logged or echoed. */
  readonly uri: string;
  readonly database: string;
  /** Upper bound for any one storage call, so an outage gets a 503 fast instead of hanging. */
  readonly timeoutMs: number;
}

/**
 * Pets and idempotency keys in a MongoDB database, shared by every instance on it. The driver is the
 * heaviest module there is here: it loads on open, so a service on other storage never loads it.
 */
export const mongoStorage: StorageAdapter<MongoSettings> = {
  name: 'mongo',
  summary: 'a MongoDB server',
  dbSystem: 'mongodb',
  settings: settingsHelpOf(SETTINGS, {
    MONGODB_URI: { meaning: 'required: a `mongodb://` or `mongodb+srv://` connection string (never logged)' },
    MONGODB_DB: { meaning: 'the database name' },
    MONGODB_TIMEOUT_MS: {
      meaning:
        'the most any storage call of a request may take, all its waits together (100..60000); past it the request ' +
        'gets a 503',
    },
  }),
  readSettings(env) {
    const { MONGODB_URI, MONGODB_DB, MONGODB_TIMEOUT_MS } = readSettings(SETTINGS, env);
    if (MONGODB_URI === undefined) throw new ConfigError('MONGODB_URI must be set when STORAGE=mongo');
    return { uri: MONGODB_URI, database: MONGODB_DB, timeoutMs: MONGODB_TIMEOUT_MS };
  },
  async open({ uri, database, timeoutMs }, { retention }): Promise<OpenedStorage> {
    const [{ createMongoClient }, { MongoPetRepository }, { MongoIdempotencyStore }] = await Promise.all([
      import('./mongo-client.js'),
      import('./mongo-pet-repository.js'),
      import('./mongo-idempotency-store.js'),
    ]);
    const client = createMongoClient(uri, timeoutMs);
    try {
      const db = client.db(database);
      const pets = new MongoPetRepository(db, timeoutMs);
      const idempotency = new MongoIdempotencyStore(db, retention, { callTimeoutMs: timeoutMs });
      // Ready for use once the indexes its queries rely on exist.
      await Promise.all([pets.ensureIndexes(), idempotency.ensureIndexes()]);
      return { pets, idempotency, close: () => client.close() };
    } catch (error) {
      await client.close();
      throw error;
    }
  },
  explainFailure(error) {
    // The driver loads only for this storage: a host that never runs on MongoDB need not install it.
    if (isMissingDriver(error)) return 'STORAGE=mongo needs the MongoDB driver: install the package mongodb';
    if (error instanceof StorageUnavailable)
      return 'storage is not reachable within MONGODB_TIMEOUT_MS; check MONGODB_URI and the server';
    // The driver's words may quote the connection string, credentials included.
    if (error instanceof Error && error.name.startsWith('Mongo'))
      return `MONGODB_URI cannot be used (${error.name}); check it`;
    return undefined;
  },
};

/** Whether loading the adapter failed because the `mongodb` package is not installed. */
function isMissingDriver(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 'ERR_MODULE_NOT_FOUND' && typeof message === 'string' && message.includes("'mongodb'");
}
