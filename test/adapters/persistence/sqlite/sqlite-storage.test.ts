import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { RestoreConflict } from '../../../../core/errors.js';
import { StorageUnavailable } from '../../../../core/errors.js';
import {
  lockWaitOf,
  migrate,
  openSqliteDatabase,
  SqliteOpenError,
  untilFree,
} from '../../../../adapters/persistence/sqlite/sqlite-database.js';
import { whyUnwritable } from '../../../../adapters/persistence/sqlite/why-unusable.js';
import {
  SQLITE_BUSY_TIMEOUT_MS,
  SQLITE_WAIT_IN_PLACE_MS,
} from '../../../../adapters/persistence/sqlite/sqlite-options.js';
import { MIGRATIONS } from '../../../../adapters/persistence/sqlite/migrations.js';
import { PAGE_QUERIES, PageStatements } from '../../../../adapters/persistence/sqlite/page-statements.js';
import { SqlitePetRepository } from '../../../../adapters/persistence/sqlite/sqlite-pet-repository.js';
import { describeIdempotencyStoreContract } from '../../../../testing/index.js';
import { describePetRepositoryContract } from '../../../../testing/index.js';
import { describePetRestoreContract } from '../../../../testing/index.js';
import { describeStorageOutageContract } from '../../../../testing/index.js';
import { aNewPet } from '../../../support/builders.js';
import { SQLITE_DEFAULTS, sqliteFolder, sqliteOutageFixture, sqliteStorageFixture } from '../../../support/sqlite.js';
import { idempotencyRetention } from '../../../support/storage-fixture.js';
import { manualClock } from '../../../../testing/index.js';

describePetRepositoryContract('SqlitePetRepository', () => sqliteStorageFixture());
describePetRestoreContract('SqlitePetRepository', () => sqliteStorageFixture());
describeIdempotencyStoreContract('SqliteIdempotencyStore', (options) => sqliteStorageFixture(options));
describeStorageOutageContract('SQLite storage', () => sqliteOutageFixture());

describe('SQLite storage specifics', () => {
  it('keeps pets in its file: a database opened again holds them, and hands out ids after them', async () => {
    const folder = sqliteFolder();
    try {
      const first = openSqliteDatabase(folder.path(), SQLITE_DEFAULTS);
      const rex = await new SqlitePetRepository(first).add(aNewPet({ name: 'Rex' }));
      first.close();
      const again = openSqliteDatabase(folder.path(), SQLITE_DEFAULTS);
      const pets = new SqlitePetRepository(again);
      expect(await pets.findById(rex.id)).toEqual(rex);
      expect((await pets.add(aNewPet())).id).toBe(rex.id + 1);
      again.close();
    } finally {
      folder.remove();
    }
  });

  it('creates its schema on first open, in WAL mode, and records the schema version', async () => {
    const fixture = await sqliteStorageFixture();
    const { db } = fixture;
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: MIGRATIONS.length });
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(db.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: 1 });
    // A statement waits in place only briefly; a write waits for another's lock off the event loop, up to the busy timeout.
    expect(db.prepare('PRAGMA busy_timeout').get()).toEqual({ timeout: SQLITE_WAIT_IN_PLACE_MS });
    expect(lockWaitOf(db)).toBe(SQLITE_DEFAULTS.busyTimeoutMs);
    await fixture.dispose();
  });

  it('keeps the lock wait each connection was opened with, and the default for any other', () => {
    const folder = sqliteFolder();
    try {
      const db = openSqliteDatabase(folder.path(), { ...SQLITE_DEFAULTS, busyTimeoutMs: 1234 });
      expect(lockWaitOf(db)).toBe(1234);
      db.close();
      expect(lockWaitOf(new DatabaseSync(':memory:'))).toBe(SQLITE_BUSY_TIMEOUT_MS);
    } finally {
      folder.remove();
    }
  });

  it("waits at start-up for another process's write lock, as nothing is served yet", async () => {
    const folder = sqliteFolder();
    try {
      openSqliteDatabase(folder.path(), SQLITE_DEFAULTS).close();
      const holder = spawn(
        process.execPath,
        [
          '-e',
          "const db = new (require('node:sqlite').DatabaseSync)(process.argv[1]); db.exec('BEGIN IMMEDIATE'); console.log('held'); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300); db.exec('COMMIT');",
          folder.path(),
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const exited = once(holder, 'exit');
      await once(holder.stdout, 'data');
      // Opening reads the schema's version in a write transaction: it needs the lock the other process holds.
      const db = openSqliteDatabase(folder.path(), SQLITE_DEFAULTS);
      expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: MIGRATIONS.length });
      db.close();
      await exited;
    } finally {
      folder.remove();
    }
  });

  describe('a start-up step SQLite refuses at once while another process makes the same new file', () => {
    const busy = () => Object.assign(new Error('database is locked'), { code: 'ERR_SQLITE_ERROR', errcode: 5 });

    it('is tried again until it succeeds', () => {
      let tries = 0;
      untilFree(1_000, () => {
        tries += 1;
        if (tries < 3) throw busy();
      });
      expect(tries).toBe(3);
    });

    it('gives up at its bound, with the refusal', () => {
      const started = performance.now();
      expect(() => {
        untilFree(100, () => {
          throw busy();
        });
      }).toThrow('database is locked');
      expect(performance.now() - started).toBeGreaterThanOrEqual(100);
      expect(performance.now() - started).toBeLessThan(1_000);
    });

    it('is not tried again for any other failure', () => {
      let tries = 0;
      expect(() => {
        untilFree(1_000, () => {
          tries += 1;
          throw new Error('disk I/O error');
        });
      }).toThrow('disk I/O error');
      expect(tries).toBe(1);
    });
  });

  it('reports itself ready while another connection holds the write lock, without waiting for it', async () => {
    const fixture = await sqliteStorageFixture();
    const other = new DatabaseSync(fixture.file, { timeout: 10 });
    other.exec('BEGIN IMMEDIATE');
    const started = performance.now();
    expect(await fixture.repository.isReachable()).toBe(true);
    // Waiting for the lock would take the busy timeout, 5 s: a second is a margin no load breaks.
    expect(performance.now() - started).toBeLessThan(1_000);
    other.exec('ROLLBACK');
    other.close();
    expect(await fixture.repository.isReachable()).toBe(true);
    await fixture.dispose();
  });

  it('takes only the steps a database has not taken, so opening it again changes nothing', () => {
    const folder = sqliteFolder();
    try {
      openSqliteDatabase(folder.path(), SQLITE_DEFAULTS).close();
      const reopened = openSqliteDatabase(folder.path(), { ...SQLITE_DEFAULTS, synchronous: 'full' });
      expect(reopened.prepare('PRAGMA user_version').get()).toEqual({ user_version: MIGRATIONS.length });
      expect(reopened.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: 2 });
      reopened.close();
    } finally {
      folder.remove();
    }
  });

  it('takes every step in order, each counted in user_version, and none twice', () => {
    const db = new DatabaseSync(':memory:');
    const steps = ['CREATE TABLE a (x)', 'CREATE TABLE b (y)'];
    migrate(db, steps);
    migrate(db, steps);
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: 2 });
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all()).toEqual([
      { name: 'a' },
      { name: 'b' },
    ]);
    migrate(db, [...steps, 'CREATE TABLE c (z)']);
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: 3 });
    db.close();
  });

  it('takes further writes after a restore refused part way: the refused one leaves no transaction open', async () => {
    const fixture = await sqliteStorageFixture();
    await fixture.repository.restore([{ id: 2, name: 'Two', categoryId: 1 }]);
    await expect(
      fixture.repository.restore([
        { id: 1, name: 'One', categoryId: 1 },
        { id: 2, name: 'Other', categoryId: 1 },
      ]),
    ).rejects.toBeInstanceOf(RestoreConflict);
    expect(fixture.db.isTransaction).toBe(false);
    const next = await fixture.repository.add(aNewPet({ name: 'Next' }));
    expect(next.id).toBe(3);
    expect((await fixture.repository.list({ limit: 10 })).map((pet) => pet.id)).toEqual([2, 3]);
    await fixture.dispose();
  });

  it('claims a key whose lapsed record is still stored (older lapsed keys dropped first), as a fresh claim', async () => {
    const clock = manualClock();
    const fixture = await sqliteStorageFixture({ now: clock.now });
    for (let index = 0; index < 11; index += 1)
      await fixture.idempotencyStore.claim({ client: 'c', key: `old-${index}` }, 'fp');
    clock.advance(1);
    await fixture.idempotencyStore.claim({ client: 'c', key: 'target' }, 'first');
    clock.advance(idempotencyRetention().leaseMs);
    // The ten oldest lapsed records go with this claim; the target's own stays, and is taken over.
    const outcome = await fixture.idempotencyStore.claim({ client: 'c', key: 'target' }, 'second');
    expect(outcome.state).toBe('claimed');
    expect(await fixture.idempotencyStore.claim({ client: 'c', key: 'target' }, 'third')).toEqual({
      state: 'in_flight',
      fingerprint: 'second',
    });
    await fixture.dispose();
  });

  it('keeps its write-ahead log bounded however many pets are added: the log starts over once checkpointed', async () => {
    const fixture = await sqliteStorageFixture();
    const framesInLog = () => (fixture.db.prepare('PRAGMA wal_checkpoint(PASSIVE)').get() as { log: number }).log;
    // SQLite checkpoints every 1,000 pages; a log that never starts over would hold some 15,000 frames after these.
    for (let index = 0; index < 5000; index += 1) await fixture.repository.add(aNewPet());
    expect(framesInLog()).toBeLessThan(2000);
    for (let index = 0; index < 5000; index += 1)
      await fixture.repository.addOnce(aNewPet(), {
        key: { client: 'c', key: `k${index}` },
        claimedAt: 0,
        keptUntil: 1,
      });
    expect(framesInLog()).toBeLessThan(2000);
    await fixture.dispose();
  });

  it('reads a page through an index, whatever the filter: never a scan of the table or a sort', async () => {
    const fixture = await sqliteStorageFixture();
    const { db } = fixture;
    const plan = (sql: string, ...values: (string | number)[]) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...values) as { detail: string }[]).map((step) => step.detail);
    expect(plan(PAGE_QUERIES.all(21), 0)).toEqual(['SEARCH pets USING INTEGER PRIMARY KEY (rowid>?)']);
    expect(plan(PAGE_QUERIES.withStatus(21), 'sold', 0)).toEqual([
      'SEARCH pets USING INDEX pets_status_id (status=? AND id>?)',
    ]);
    await fixture.dispose();
  });

  it('gives pages of any size, those the core asks for from statements of their own and others from one that binds the size', async () => {
    const fixture = await sqliteStorageFixture();
    await fixture.repository.restore(
      Array.from({ length: 130 }, (_, index) => ({ ...aNewPet({ status: 'sold' }), id: index + 1 })),
    );
    for (const limit of [0, 1, 21, 101, 102, 130, 500]) {
      const page = await fixture.repository.list({ limit });
      expect(page.map((pet) => pet.id)).toEqual(Array.from({ length: Math.min(limit, 130) }, (_, index) => index + 1));
      expect(await fixture.repository.list({ limit, status: 'sold', afterId: 10 })).toHaveLength(Math.min(limit, 120));
    }
    await fixture.dispose();
  });

  it('writes the page size into a statement of its own for the sizes the core asks for, made once each, and binds any other', async () => {
    const fixture = await sqliteStorageFixture();
    const pages = new PageStatements(fixture.db, PAGE_QUERIES.all);
    for (const limit of [0, 2, 21, 101]) {
      const { statement, limitValues } = pages.of(limit);
      expect({ sql: statement.sourceSQL, limitValues }).toEqual({ sql: PAGE_QUERIES.all(limit), limitValues: [] });
      expect(pages.of(limit).statement).toBe(statement);
    }
    for (const limit of [-1, 2.5, 102, Number.NaN]) {
      const { statement, limitValues } = pages.of(limit);
      expect({ sql: statement.sourceSQL, limitValues }).toEqual({ sql: PAGE_QUERIES.all('?'), limitValues: [limit] });
    }
    await fixture.dispose();
  });

  it('answers ids that are not pet ids with no pet', async () => {
    const fixture = await sqliteStorageFixture();
    await fixture.repository.add(aNewPet());
    for (const id of [0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, -1, 0])
      expect(await fixture.repository.findById(id)).toBeUndefined();
    await fixture.dispose();
  });

  it('drops a few expired idempotency keys with each claim, so that they do not pile up', async () => {
    const clock = manualClock();
    const fixture = await sqliteStorageFixture({ now: clock.now });
    for (let index = 0; index < 15; index += 1)
      await fixture.idempotencyStore.claim({ client: 'c', key: `k${index}` }, 'fp');
    clock.advance(idempotencyRetention().leaseMs);
    await fixture.idempotencyStore.claim({ client: 'c', key: 'fresh' }, 'fp');
    const count = () =>
      (fixture.db.prepare('SELECT count(*) AS keys FROM idempotency_keys').get() as { keys: number }).keys;
    // Ten of the fifteen expired keys went, and the fresh one came.
    expect(count()).toBe(6);
    await fixture.idempotencyStore.claim({ client: 'c', key: 'fresher' }, 'fp');
    expect(count()).toBe(2);
    await fixture.dispose();
  });

  it('answers StorageUnavailable, not a bug, when its database is closed under it, and is then not reachable', async () => {
    const fixture = await sqliteStorageFixture();
    const { db, repository } = fixture;
    db.close();
    await expect(repository.list({ limit: 1 })).rejects.toBeInstanceOf(StorageUnavailable);
    await expect(repository.add(aNewPet())).rejects.toBeInstanceOf(StorageUnavailable);
    expect(await repository.isReachable()).toBe(false);
    await fixture.dispose();
  });

  it('answers StorageUnavailable when the disk is full, and keeps every pet it answered for', async () => {
    const fixture = await sqliteStorageFixture();
    const { db, repository } = fixture;
    const kept = [];
    // A full disk, simulated: the file may not grow past the pages it has.
    const { page_count: pages } = db.prepare('PRAGMA page_count').get() as { page_count: number };
    db.exec(`PRAGMA max_page_count = ${pages + 1}`);
    let refused: unknown;
    for (let attempt = 0; attempt < 10_000 && refused === undefined; attempt += 1) {
      try {
        kept.push(await repository.add(aNewPet({ name: `Pet ${attempt} ${'x'.repeat(150)}` })));
      } catch (error) {
        refused = error;
      }
    }
    expect(refused).toBeInstanceOf(StorageUnavailable);
    expect(kept.length).toBeGreaterThan(0);
    expect(await repository.isReachable()).toBe(false);
    db.exec('PRAGMA max_page_count = 1073741823');
    expect(await repository.isReachable()).toBe(true);
    expect((await repository.list({ limit: 100 })).length).toBe(Math.min(kept.length, 100));
    for (const pet of kept.slice(-5)) expect(await repository.findById(pet.id)).toEqual(pet);
    await fixture.dispose();
  });

  it('refuses to open a file that is not a database, a path it cannot write, or one whose folder cannot be made, naming the setting and the path', () => {
    const folder = sqliteFolder();
    try {
      const notDb = folder.path('notes.txt');
      writeFileSync(notDb, 'these are not the pets you are looking for\n'.repeat(100));
      expect(() => openSqliteDatabase(notDb, SQLITE_DEFAULTS)).toThrow(
        `SQLITE_PATH ${notDb} is not a SQLite database; move that file away or choose another path`,
      );
      const refusal = (() => {
        try {
          openSqliteDatabase(notDb, SQLITE_DEFAULTS);
        } catch (error) {
          return error;
        }
        return undefined;
      })();
      expect(refusal).toBeInstanceOf(SqliteOpenError);
      expect(refusal).toMatchObject({ name: 'SqliteOpenError', cause: { code: 'ERR_SQLITE_ERROR' } });
      // A file system no process may write to, whoever runs the test (root included).
      expect(() => openSqliteDatabase('/proc/petstore.db', SQLITE_DEFAULTS)).toThrow(
        'SQLITE_PATH /proc/petstore.db cannot be used: unable to open database file',
      );
      const underAFile = `${notDb}/pets/petstore.db`;
      expect(() => openSqliteDatabase(underAFile, SQLITE_DEFAULTS)).toThrow(
        `SQLITE_PATH ${underAFile} cannot be created: part of its folder path is a file`,
      );
      const aFolder = folder.path('.');
      expect(() => openSqliteDatabase(aFolder, SQLITE_DEFAULTS)).toThrow(
        `SQLITE_PATH ${aFolder} is a folder; give the path of a database file in it`,
      );
    } finally {
      folder.remove();
    }
  });

  describe('why a path cannot be written, in words a person acts on', () => {
    /** The file system's answer to a write check, by path: a refusal's code, or nothing when it may be written. */
    const fileSystem = (answers: Record<string, string | undefined>) => (path: string) => {
      const code = path in answers ? answers[path] : 'ENOENT';
      if (code !== undefined) throw Object.assign(new Error(code), { code });
    };

    it.each([
      ['EROFS', 'is on a read-only file system; point it at a writable place, such as a mounted volume'],
      ['EACCES', 'cannot be written by this user (permission denied)'],
      ['EPERM', 'cannot be written by this user (permission denied)'],
      ['ENOTDIR', 'cannot be created: part of its folder path is a file'],
      ['EIO', undefined],
    ])('names %s where the path itself is refused', (code, words) => {
      expect(whyUnwritable('/srv/pets.db', fileSystem({ '/srv/pets.db': code }))).toBe(words);
    });

    it('asks the nearest folder that exists about a file and folders not made yet', () => {
      expect(whyUnwritable('/ro/data/pets.db', fileSystem({ '/ro': 'EROFS' }))).toBe(
        'is on a read-only file system; point it at a writable place, such as a mounted volume',
      );
      expect(whyUnwritable('/srv/data/pets.db', fileSystem({ '/srv': undefined }))).toBeUndefined();
    });

    it('stops at the root when nothing on the way exists', () => {
      expect(whyUnwritable('/a/b.db', fileSystem({}))).toBeUndefined();
    });
  });
});
