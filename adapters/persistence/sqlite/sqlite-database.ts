import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { MIGRATIONS } from './migrations.js';
import { refuseChangedSchema, refuseNewerSchema } from './schema-check.js';
import { isBusy } from './storage-errors.js';
import { whyUnusable } from './why-unusable.js';
import { SQLITE_BUSY_TIMEOUT_MS, SQLITE_WAIT_IN_PLACE_MS, type SqliteOptions } from './sqlite-options.js';

/** The database cannot be opened as a pet store; start-up stops with this one line. */
export class SqliteOpenError extends Error {
  constructor(path: string, reason: string, options: { cause: unknown }) {
    super(`SQLITE_PATH ${path} ${reason}`, options);
    this.name = 'SqliteOpenError';
  }
}

/** How long each connection's writes wait for another process's lock, by connection. */
const lockWaits = new WeakMap<DatabaseSync, number>();

/** How long a write on `db` waits for another process's write lock before it gives up. */
export function lockWaitOf(db: DatabaseSync): number {
  return lockWaits.get(db) ?? SQLITE_BUSY_TIMEOUT_MS;
}

/**
 * Opens (creating it, and its folder, when missing) the database at `path` in WAL mode, so readers
 * never wait for the writer and several processes can share the file, brings its schema up to date,
 * and checks that it is this release's schema and, unless `readOnly`, that the file can be written.
 * Any failure is a SqliteOpenError naming the path. A statement waits in place only briefly;
 * start-up, which serves nothing yet, tries its steps again while another process holds the file.
 */
export function openSqliteDatabase(
  path: string,
  { synchronous, busyTimeoutMs, readOnly = false }: SqliteOptions,
): DatabaseSync {
  let db: DatabaseSync | undefined;
  try {
    mkdirSync(dirname(path), { recursive: true });
    db = new DatabaseSync(path, { timeout: SQLITE_WAIT_IN_PLACE_MS });
    const opened = db;
    untilFree(busyTimeoutMs, () => {
      opened.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = ${synchronous};`);
      migrate(opened);
      refuseChangedSchema(opened);
      if (!readOnly) refuseReadOnly(opened);
    });
    lockWaits.set(db, busyTimeoutMs);
    return db;
  } catch (error) {
    db?.close();
    throw new SqliteOpenError(path, whyUnusable(path, error), { cause: error });
  }
}

/**
 * SQLite opens a file this process may not write (its mode, its owner, its folder, an immutable
 * flag) read-only without a word, and refuses only the first write: one write, rolled back, finds
 * that out at start-up rather than at the first create.
 */
export function refuseReadOnly(db: DatabaseSync): void {
  db.exec('BEGIN IMMEDIATE');
  try {
    db.exec(`PRAGMA user_version = ${String(schemaVersionOf(db))}`);
  } finally {
    if (db.isTransaction) db.exec('ROLLBACK');
  }
}

/** How many steps of the schema the database has taken (its PRAGMA user_version). */
function schemaVersionOf(db: DatabaseSync): number {
  return (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
}

/**
 * Runs a start-up step, again while another process holds the file, within `waitMs`. SQLite waits in
 * place only briefly, and refuses some steps at once where waiting could deadlock (two processes
 * making one new file WAL at once). Start-up serves nothing yet, so it may wait in place.
 */
export function untilFree(waitMs: number, step: () => void): void {
  const deadline = performance.now() + waitMs;
  for (;;) {
    try {
      step();
      return;
    } catch (error) {
      if (!isBusy(error) || performance.now() >= deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, START_UP_RETRY_MS);
    }
  }
}

/** How long start-up waits before it tries a refused step again. */
const START_UP_RETRY_MS = 20;

/**
 * Takes the steps the database has not taken yet, each with its version in one transaction. The
 * version is read inside the transaction: of two processes opening a new file at once, the second
 * finds the step taken.
 */
export function migrate(db: DatabaseSync, steps: readonly string[] = MIGRATIONS): void {
  let migrating = true;
  while (migrating) {
    migrating = inTransaction(db, () => {
      const version = schemaVersionOf(db);
      refuseNewerSchema(version, steps);
      const step = steps[version];
      if (step === undefined) return false;
      db.exec(step);
      db.exec(`PRAGMA user_version = ${version + 1}`);
      return true;
    });
  }
}

/**
 * Runs `work` in one write transaction, taken at once (IMMEDIATE), so that a read inside it and the
 * write after it see no other process's write in between; rolled back if it throws.
 */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  return committed(db, work);
}

/** Runs `work` in the write transaction begun on `db`, and commits it; rolled back if it throws. */
export function committed<T>(db: DatabaseSync, work: () => T): T {
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
