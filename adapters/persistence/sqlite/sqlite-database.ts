import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { MIGRATIONS } from './migrations.js';
import { isBusy } from './storage-errors.js';
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
 * never wait for the writer and several processes can share the file, and brings its schema up to
 * date. Any failure is a SqliteOpenError naming the path. A statement waits in place only briefly;
 * start-up, which serves nothing yet, tries its steps again while another process holds the file.
 */
export function openSqliteDatabase(path: string, { synchronous, busyTimeoutMs }: SqliteOptions): DatabaseSync {
  let db: DatabaseSync | undefined;
  try {
    mkdirSync(dirname(path), { recursive: true });
    db = new DatabaseSync(path, { timeout: SQLITE_WAIT_IN_PLACE_MS });
    const opened = db;
    untilFree(busyTimeoutMs, () => {
      opened.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = ${synchronous};`);
      migrate(opened);
    });
    lockWaits.set(db, busyTimeoutMs);
    return db;
  } catch (error) {
    db?.close();
    throw new SqliteOpenError(path, whyUnusable(path, error), { cause: error });
  }
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

/** SQLite's primary result code for a file that is not a database. */
const SQLITE_NOTADB = 26;

/** What a person does about a path the process may not write, by the file system's error code. */
const WRITE_REFUSALS: ReadonlyMap<string | undefined, string> = new Map([
  ['EROFS', 'is on a read-only file system; point it at a writable place, such as a mounted volume'],
  ['EACCES', 'cannot be written by this user (permission denied)'],
  ['EPERM', 'cannot be written by this user (permission denied)'],
  ['ENOTDIR', 'cannot be created: part of its folder path is a file'],
]);

/**
 * SQLite says only "unable to open database file" for most of what can be wrong; the file system
 * tells which it is, in words a person acts on.
 */
function whyUnusable(path: string, error: unknown): string {
  if (statSync(path, { throwIfNoEntry: false })?.isDirectory() === true)
    return 'is a folder; give the path of a database file in it';
  // The low byte of an extended result code is its primary code.
  if (((error as { errcode?: number }).errcode ?? 0) % 256 === SQLITE_NOTADB)
    return 'is not a SQLite database; move that file away or choose another path';
  // SQLite writes beside the file too (its -wal and -shm files): the folder must be writable as well.
  return whyUnwritable(path) ?? whyUnwritable(dirname(path)) ?? `cannot be used: ${(error as Error).message}`;
}

/**
 * Why this process cannot write at `path`, asked of the path and, while they do not exist yet, of
 * the folders above it; undefined when it can, or when the reason has no words here.
 */
export function whyUnwritable(
  path: string,
  access: (path: string, mode: number) => void = accessSync,
): string | undefined {
  for (let candidate = path; ; candidate = dirname(candidate)) {
    try {
      access(candidate, constants.W_OK);
      return undefined;
    } catch (refusal) {
      const { code } = refusal as NodeJS.ErrnoException;
      if (code !== 'ENOENT' || dirname(candidate) === candidate) return WRITE_REFUSALS.get(code);
    }
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
