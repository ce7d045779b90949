import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { openSqliteDatabase } from '../../adapters/persistence/sqlite/sqlite-database.js';
import { SQLITE_BUSY_TIMEOUT_MS, type SqliteOptions } from '../../adapters/persistence/sqlite/sqlite-options.js';
import { SqliteIdempotencyStore } from '../../adapters/persistence/sqlite/sqlite-idempotency-store.js';
import { SqlitePetRepository } from '../../adapters/persistence/sqlite/sqlite-pet-repository.js';
import type { OutageFixture } from '../../testing/index.js';
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
export function sqliteStorageFixture({
  now,
  retention = idempotencyRetention(),
  busyTimeoutMs = SQLITE_DEFAULTS.busyTimeoutMs,
}: StorageFixtureOptions & { busyTimeoutMs?: number } = {}): Promise<
  StorageFixture & { db: DatabaseSync; file: string; repository: SqlitePetRepository }
> {
  const folder = sqliteFolder();
  const file = folder.path();
  const db = openSqliteDatabase(file, { ...SQLITE_DEFAULTS, busyTimeoutMs });
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

/** How long a write waits for another connection's lock in the outage fixture: the storage's bound on a call. */
const OUTAGE_LOCK_WAIT_MS = 500;
/** SQLite's own default for PRAGMA max_page_count: room as far as the file system has it. */
const NO_PAGE_LIMIT = 4294967294;

/**
 * Both SQLite adapters, for the outage contract. A file has no server to lose; what stops it serving
 * is a disk with no room left (the file capped at its size: writes that need a page fail with
 * SQLITE_FULL), another process holding its write lock (a second connection's open transaction), and
 * a file that takes no writes (the connection made read-only: SQLITE_READONLY).
 */
export async function sqliteOutageFixture(): Promise<OutageFixture> {
  const storage = await sqliteStorageFixture({ busyTimeoutMs: OUTAGE_LOCK_WAIT_MS });
  const lockHolder = new DatabaseSync(storage.file);
  const capAt = (pages: number | 'its size') => {
    storage.db.exec(`PRAGMA max_page_count = ${pages === 'its size' ? '1' : String(pages)}`);
  };
  return {
    ...storage,
    outage: {
      timeoutMs: OUTAGE_LOCK_WAIT_MS,
      // The cap cannot go below the file's size: asking for one page sets it there.
      cutOff: () => {
        capAt('its size');
        return Promise.resolve();
      },
      stall: () => {
        lockHolder.exec('BEGIN IMMEDIATE');
        return Promise.resolve();
      },
      // Reads go on, writes fail as on a read-only file (SQLITE_READONLY).
      refuseWrites: () => {
        storage.db.exec('PRAGMA query_only = 1');
        return Promise.resolve();
      },
      restore: () => {
        storage.db.exec('PRAGMA query_only = 0');
        capAt(NO_PAGE_LIMIT);
        if (lockHolder.isTransaction) lockHolder.exec('ROLLBACK');
        return Promise.resolve();
      },
    },
    dispose: () => {
      lockHolder.close();
      return storage.dispose();
    },
  };
}
