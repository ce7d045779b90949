import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { openSqliteDatabase } from '../../adapters/persistence/sqlite/sqlite-database.js';
import { SQLITE_BUSY_TIMEOUT_MS, type SqliteOptions } from '../../adapters/persistence/sqlite/sqlite-options.js';
import { SqliteIdempotencyStore } from '../../adapters/persistence/sqlite/sqlite-idempotency-store.js';
import { SqlitePetRepository } from '../../adapters/persistence/sqlite/sqlite-pet-repository.js';
import { idempotencyRetention, type StorageFixture, type StorageFixtureOptions } from './storage-fixture.js';

/** What the service opens a database with by default. */
export const SQLITE_DEFAULTS: SqliteOptions = { synchronous: 'normal', busyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS };

/** A folder of its own for a test's database files, removed by `remove`. */
export function sqliteFolder(): { path: (name?: string) => string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'petstore-sqlite-'));
  return {
    path: (name = 'petstore.db') => join(folder, name),
    remove: () => {
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Both SQLite adapters over a new database file, in a folder removed on dispose. */
export function sqliteStorageFixture({ now, retention = idempotencyRetention() }: StorageFixtureOptions = {}): Promise<
  StorageFixture & { db: DatabaseSync; file: string; repository: SqlitePetRepository }
> {
  const folder = sqliteFolder();
  const file = folder.path();
  const db = openSqliteDatabase(file, SQLITE_DEFAULTS);
  return Promise.resolve({
    db,
    file,
    repository: new SqlitePetRepository(db),
    idempotencyStore: new SqliteIdempotencyStore(db, retention, { now }),
    dispose: () => {
      if (db.isOpen) db.close();
      folder.remove();
      return Promise.resolve();
    },
  });
}
