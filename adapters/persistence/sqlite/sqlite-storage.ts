import * as v from 'valibot';
import { readSettings, settingsHelpOf } from '@petstore/settings/read-settings.js';
import { choiceSetting } from '@petstore/settings/setting-kinds.js';
import type { StorageAdapter } from '@petstore/settings/storage-adapter.js';
import { SQLITE_BUSY_TIMEOUT_MS, SQLITE_SYNCHRONOUS } from './sqlite-options.js';

const SETTINGS = v.object({
  SQLITE_PATH: v.optional(v.pipe(v.string(), v.regex(/\S/, 'must be a file path')), 'data/petstore.db'),
  SQLITE_SYNCHRONOUS: v.optional(choiceSetting(SQLITE_SYNCHRONOUS), 'normal'),
});

/**
 * Pets and idempotency keys in one SQLite file, shared by every process that opens it. Its modules
 * load on open: a service on other storage never loads them.
 */
export const sqliteStorage: StorageAdapter<v.InferOutput<typeof SETTINGS>> = {
  name: 'sqlite',
  summary: 'a file',
  dbSystem: 'sqlite',
  settings: settingsHelpOf(SETTINGS, {
    SQLITE_PATH: { meaning: 'the database file (relative to the working directory); its folder is made when missing' },
    SQLITE_SYNCHRONOUS: {
      meaning: '`normal` (a 201 survives the process being killed) or `full` (it survives a power loss too)',
    },
  }),
  readSettings: (env) => readSettings(SETTINGS, env),
  async open({ SQLITE_PATH, SQLITE_SYNCHRONOUS: synchronous }, { retention, readOnly }) {
    const [{ openSqliteDatabase }, { SqlitePetRepository }, { SqliteIdempotencyStore }] = await Promise.all([
      import('./sqlite-database.js'),
      import('./sqlite-pet-repository.js'),
      import('./sqlite-idempotency-store.js'),
    ]);
    const db = openSqliteDatabase(SQLITE_PATH, { synchronous, busyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS, readOnly });
    return {
      pets: new SqlitePetRepository(db),
      idempotency: new SqliteIdempotencyStore(db, retention),
      close: () => {
        db.close();
        return Promise.resolve();
      },
    };
  },
};
