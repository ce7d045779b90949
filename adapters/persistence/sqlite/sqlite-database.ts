import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { MIGRATIONS } from './migrations.js';
import type { SqliteOptions } from './sqlite-options.js';


/** The database cannot be opened as a pet store; start-up stops with this one line. */
export class SqliteOpenError extends Error {
  constructor(path: string, reason: string, options: { cause: unknown }) {
    super(`SQLITE_PATH ${path} ${reason}`, options);
    this.name = 'SqliteOpenError';
  }
}

/**
 * Opens (creating it, and its folder, when missing) the database at `path` in WAL mode, so readers
 * never wait for the writer and several processes can share the file, and brings its schema up to
 * date. Any failure is a SqliteOpenError naming the path.
 */
export function openSqliteDatabase(path: string, { synchronous, busyTimeoutMs }: SqliteOptions): DatabaseSync {
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (error) {
    throw new SqliteOpenError(path, `cannot be created: its folder cannot be made (${(error as NodeJS.ErrnoException).code ?? 'error'})`, { cause: error });
  }
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(path, { timeout: busyTimeoutMs });
    db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = ${synchronous};`);
    migrate(db);
    return db;
  } catch (error) {
    db?.close();
    throw new SqliteOpenError(path, `cannot be used: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Takes the steps the database has not taken yet, each with its version in one transaction. The
 * version is read inside the transaction: of two processes opening a new file at once, the second
 * finds the step taken.
 */
export function migrate(db: DatabaseSync, steps: readonly string[] = MIGRATIONS): void {
  let migrating = true;
  while (migrating) {
    migrating = inTransaction(db, () => {
      const { user_version: version } = db.prepare('PRAGMA user_version').get() as { user_version: number };
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
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
