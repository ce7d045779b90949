import { StorageUnavailable } from '@petstore/core/errors.js';

/**
 * SQLite's primary result codes for a database that cannot serve now, as opposed to a bug: another
 * process held the lock past the busy timeout (BUSY, LOCKED), the disk is full or failing (FULL,
 * IOERR), the file cannot be written or opened (READONLY, CANTOPEN, PERM), or is not a database
 * (NOTADB, CORRUPT).
 */
const UNAVAILABLE_CODES: ReadonlySet<number | undefined> = new Set([3, 5, 6, 8, 10, 11, 13, 14, 26]);

/** What node:sqlite's errors carry: `errcode` is SQLite's extended result code, whose low byte is the primary one. */
type SqliteErrorFields = { code?: unknown; errcode?: unknown } | null | undefined;

function sqliteResultCode(error: unknown): number | undefined {
  const { code, errcode } = (error as SqliteErrorFields) ?? {};
  return code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number' ? errcode & 0xff : undefined;
}

/** SQLite's BUSY: another connection holds the lock this one asked for. */
export function isBusy(error: unknown): boolean {
  return sqliteResultCode(error) === 5;
}

/** Whatever was thrown, even `undefined`: a bug's odd value is still answered as a bug, never thrown again here. */
export function isStorageUnavailable(error: unknown): boolean {
  // A database closed under the call (the service is shutting down) cannot serve either.
  if ((error as SqliteErrorFields)?.code === 'ERR_INVALID_STATE') return true;
  return UNAVAILABLE_CODES.has(sqliteResultCode(error));
}

/**
 * What a failed storage call rejects with: StorageUnavailable when the database cannot serve, any other error as it
 * was.
 */
export function storageErrorOf(error: unknown): Error {
  return isStorageUnavailable(error) ? new StorageUnavailable({ cause: error }) : (error as Error);
}

/**
 * Runs a synchronous storage call as a promise, turning "database cannot serve" into StorageUnavailable (the MongoDB
 * adapter has its own, for its driver).
 */
export function translateStorageErrors<T>(operation: () => T): Promise<T> {
  try {
    return Promise.resolve(operation());
  } catch (error) {
    return Promise.reject(storageErrorOf(error));
  }
}
