import { describe, expect, it } from 'vitest';
import { StorageUnavailable } from '../../../../core/errors.js';
import {
  isStorageUnavailable,
  translateStorageErrors,
} from '../../../../adapters/persistence/sqlite/storage-errors.js';

/** An error as node:sqlite throws it: SQLite's extended result code in `errcode`. */
const sqliteError = (errcode: number, message = 'sqlite says no') =>
  Object.assign(new Error(message), { code: 'ERR_SQLITE_ERROR', errcode, errstr: message });

/** SQLite's primary result codes by name (sqlite.org/rescode.html). */
const UNAVAILABLE = {
  PERM: 3,
  BUSY: 5,
  LOCKED: 6,
  READONLY: 8,
  IOERR: 10,
  CORRUPT: 11,
  FULL: 13,
  CANTOPEN: 14,
  NOTADB: 26,
};
const BUGS = {
  ERROR: 1,
  INTERNAL: 2,
  ABORT: 4,
  NOMEM: 7,
  INTERRUPT: 9,
  CONSTRAINT: 19,
  MISMATCH: 20,
  MISUSE: 21,
  RANGE: 25,
};

describe('SQLite errors', () => {
  it.each(Object.entries(UNAVAILABLE))(
    'counts %s as the database unable to serve (503), its extended codes too',
    (_, code) => {
      expect(isStorageUnavailable(sqliteError(code))).toBe(true);
      // Extended codes keep the primary code in their low byte: SQLITE_IOERR_WRITE is 10 | (3 << 8).
      expect(isStorageUnavailable(sqliteError(code | (3 << 8)))).toBe(true);
    },
  );

  it.each(Object.entries(BUGS))('counts %s as a bug, not an outage', (_, code) => {
    expect(isStorageUnavailable(sqliteError(code))).toBe(false);
  });

  it("counts a database closed under a call as unable to serve, and anything else that is not SQLite's as a bug", () => {
    expect(isStorageUnavailable(Object.assign(new Error('database is not open'), { code: 'ERR_INVALID_STATE' }))).toBe(
      true,
    );
    expect(isStorageUnavailable(Object.assign(new Error('busy'), { code: 'EBUSY', errcode: 5 }))).toBe(false);
    expect(isStorageUnavailable(Object.assign(new Error('odd'), { code: 'ERR_SQLITE_ERROR', errcode: '5' }))).toBe(
      false,
    );
    expect(isStorageUnavailable(new TypeError('not a pet'))).toBe(false);
    // What a bug might throw that is not an error at all is a bug too, and never throws again here.
    for (const thrown of [undefined, null, 'text', 5]) expect(isStorageUnavailable(thrown)).toBe(false);
  });

  it('settles a call as a promise: its result, StorageUnavailable with the cause, or the error as it was', async () => {
    expect(await translateStorageErrors(() => 42)).toBe(42);
    const busy = sqliteError(UNAVAILABLE.BUSY);
    const unavailable = translateStorageErrors(() => {
      throw busy;
    });
    await expect(unavailable).rejects.toBeInstanceOf(StorageUnavailable);
    await expect(unavailable).rejects.toMatchObject({ cause: busy });
    const bug = new TypeError('not a pet');
    await expect(
      translateStorageErrors(() => {
        throw bug;
      }),
    ).rejects.toBe(bug);
  });
});
