import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { StorageUnavailable } from '../../../../core/errors.js';
import { openSqliteDatabase } from '../../../../adapters/persistence/sqlite/sqlite-database.js';
import { MIGRATIONS } from '../../../../adapters/persistence/sqlite/migrations.js';
import { PAGE_QUERIES, SqlitePetRepository } from '../../../../adapters/persistence/sqlite/sqlite-pet-repository.js';
import { describeIdempotencyStoreContract } from '../../../contracts/idempotency-store.contract.js';
import { describePetRepositoryContract } from '../../../contracts/pet-repository.contract.js';
import { describePetRestoreContract } from '../../../contracts/pet-restore.contract.js';
import { aNewPet } from '../../../support/builders.js';
import { SQLITE_DEFAULTS, sqliteFolder, sqliteStorageFixture } from '../../../support/sqlite.js';
import { idempotencyRetention } from '../../../support/storage-fixture.js';
import { manualClock } from '../../../contracts/idempotency-store.contract.js';

describePetRepositoryContract('SqlitePetRepository', () => sqliteStorageFixture());
describePetRestoreContract('SqlitePetRepository', () => sqliteStorageFixture());
describeIdempotencyStoreContract('SqliteIdempotencyStore', (options) => sqliteStorageFixture(options));

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

  it('reads a page through an index, whatever the filter: never a scan of the table or a sort', async () => {
    const fixture = await sqliteStorageFixture();
    const { db } = fixture;
    const plan = (sql: string, ...values: (string | number)[]) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...values) as { detail: string }[]).map((step) => step.detail);
    expect(plan(PAGE_QUERIES.all, 0, 21)).toEqual([
      'SEARCH pets USING INTEGER PRIMARY KEY (rowid>?)',
    ]);
    expect(plan(PAGE_QUERIES.withStatus, 'sold', 0, 21)).toEqual([
      'SEARCH pets USING INDEX pets_status_id (status=? AND id>?)',
    ]);
    await fixture.dispose();
  });

  it('answers ids that are not pet ids with no pet', async () => {
    const fixture = await sqliteStorageFixture();
    await fixture.repository.add(aNewPet());
    for (const id of [0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, -1, 0]) expect(await fixture.repository.findById(id)).toBeUndefined();
    await fixture.dispose();
  });

  it('drops a few expired idempotency keys with each claim, so that they do not pile up', async () => {
    const clock = manualClock();
    const fixture = await sqliteStorageFixture({ now: clock.now });
    for (let index = 0; index < 15; index += 1) await fixture.idempotencyStore.claim({ client: 'c', key: `k${index}` }, 'fp');
    clock.advance(idempotencyRetention().leaseMs);
    await fixture.idempotencyStore.claim({ client: 'c', key: 'fresh' }, 'fp');
    const count = () => (fixture.db.prepare('SELECT count(*) AS keys FROM idempotency_keys').get() as { keys: number }).keys;
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
      expect(() => openSqliteDatabase(notDb, SQLITE_DEFAULTS)).toThrow(`SQLITE_PATH ${notDb} cannot be used: file is not a database`);
      // A file system no process may write to, whoever runs the test (root included).
      expect(() => openSqliteDatabase('/proc/petstore.db', SQLITE_DEFAULTS)).toThrow('SQLITE_PATH /proc/petstore.db cannot be used: unable to open database file');
      const underAFile = `${notDb}/pets/petstore.db`;
      expect(() => openSqliteDatabase(underAFile, SQLITE_DEFAULTS)).toThrow(`SQLITE_PATH ${underAFile} cannot be created: its folder cannot be made (ENOTDIR)`);
    } finally {
      folder.remove();
    }
  });
});
