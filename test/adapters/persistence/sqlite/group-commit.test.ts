import { statSync } from 'node:fs';
import fc from 'fast-check';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageUnavailable } from '../../../../core/errors.js';
import { GroupCommit, groupCommitOf } from '../../../../adapters/persistence/sqlite/group-commit.js';
import { SqliteIdempotencyStore } from '../../../../adapters/persistence/sqlite/sqlite-idempotency-store.js';
import { aNewPet } from '../../../support/builders.js';
import { sqliteStorageFixture } from '../../../support/sqlite.js';

/** A write-ahead log frame: a page and its 24-byte header. */
const FRAME_BYTES = 4096 + 24;

type Fixture = Awaited<ReturnType<typeof sqliteStorageFixture>>;

/** A fault SQLite itself raises, for the inserts of pets of that name. */
function failInsertsNamed(db: DatabaseSync, name: string): void {
  db.exec(
    `CREATE TRIGGER injected_fault BEFORE INSERT ON pets WHEN NEW.name = '${name}' BEGIN SELECT RAISE(ABORT, 'injected fault'); END`,
  );
}

const storedNames = (db: DatabaseSync): string[] =>
  (db.prepare('SELECT name FROM pets ORDER BY id').all() as { name: string }[]).map((row) => row.name);

describe('SQLite writes committed in groups', () => {
  let fixture: Fixture;
  beforeEach(async () => {
    fixture = await sqliteStorageFixture();
  });
  afterEach(async () => {
    await fixture.dispose();
  });

  /** How many frames `writes` added to the write-ahead log. */
  async function framesWrittenBy(writes: () => Promise<unknown>): Promise<number> {
    const before = statSync(`${fixture.file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
    await writes();
    return (statSync(`${fixture.file}-wal`).size - Math.max(before, 32)) / FRAME_BYTES;
  }

  it('commits the writes asked for in one turn once: the log grows by one transaction, not one for each', async () => {
    const { repository } = fixture;
    await repository.add(aNewPet());
    const apart = await framesWrittenBy(async () => {
      for (let index = 0; index < 20; index += 1) await repository.add(aNewPet({ name: `Apart ${String(index)}` }));
    });
    const together = await framesWrittenBy(() =>
      Promise.all(
        Array.from({ length: 20 }, (_, index) => repository.add(aNewPet({ name: `Together ${String(index)}` }))),
      ),
    );
    // Each commit writes the pets page and the id sequence's page.
    expect(apart).toBeGreaterThanOrEqual(40);
    expect(together).toBeLessThanOrEqual(3);
    expect(storedNames(fixture.db)).toHaveLength(41);
  });

  it('answers each write with its own result, in the order asked, ids rising', async () => {
    const pets = await Promise.all(['A', 'B', 'C', 'D'].map((name) => fixture.repository.add(aNewPet({ name }))));
    expect(pets.map((pet) => pet.name)).toEqual(['A', 'B', 'C', 'D']);
    expect(pets.map((pet) => pet.id)).toEqual([1, 2, 3, 4]);
    expect(await Promise.all(pets.map((pet) => fixture.repository.findById(pet.id)))).toEqual(pets);
  });

  it('fails a write that SQLite refuses alone: its neighbours in the group are committed', async () => {
    const { db, repository } = fixture;
    failInsertsNamed(db, 'Faulty');
    const outcomes = await Promise.allSettled(
      ['Before', 'Faulty', 'After'].map((name) => repository.add(aNewPet({ name }))),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const refusal = (outcomes[1] as PromiseRejectedResult).reason as Error;
    expect(refusal).not.toBeInstanceOf(StorageUnavailable);
    expect(refusal.message).toContain('injected fault');
    expect(storedNames(db)).toEqual(['Before', 'After']);
    // The refused write took no id: its savepoint undid the sequence's step too.
    expect(outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value.id] : []))).toEqual([1, 2]);
    // The group left no transaction open: later writes are committed as before.
    expect(db.isTransaction).toBe(false);
    expect((await repository.add(aNewPet({ name: 'Later' }))).id).toBe(3);
  });

  it('undoes every statement of a failed write, even those that ran before its failure', async () => {
    const { db, repository } = fixture;
    const key = { client: 'client-a', key: 'order-1' };
    // The key's earlier pet was kept until 1000: a create after that frees it, then inserts, which fails.
    const earlier = (await repository.addOnce(aNewPet({ name: 'Earlier' }), { key, claimedAt: 0, keptUntil: 1000 }))
      .pet;
    failInsertsNamed(db, 'Faulty');
    const outcomes = await Promise.allSettled([
      repository.addOnce(aNewPet({ name: 'Faulty' }), { key, claimedAt: 2000, keptUntil: 60_000 }),
      repository.add(aNewPet({ name: 'Neighbour' })),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'fulfilled']);
    const origin = db.prepare('SELECT origin_client, origin_key FROM pets WHERE id = ?').get(earlier.id);
    expect(origin).toEqual({ origin_client: 'client-a', origin_key: 'order-1' });
    expect(storedNames(db)).toEqual(['Earlier', 'Neighbour']);
  });

  it('shares one transaction between the pets and the idempotency keys on a connection', async () => {
    const { db, idempotencyStore } = fixture;
    expect(groupCommitOf(db)).toBe(groupCommitOf(db));
    const frames = await framesWrittenBy(() =>
      Promise.all([
        fixture.repository.add(aNewPet()),
        idempotencyStore.claim({ client: 'c', key: 'k' }, 'fingerprint'),
        fixture.repository.add(aNewPet()),
      ]),
    );
    // One commit of a pets page, the sequence's page, and the keys' table and index pages.
    expect(frames).toBeLessThanOrEqual(5);
    expect(storedNames(db)).toHaveLength(2);
  });

  it("fails the writes still waiting for another connection's lock at their bound, as StorageUnavailable, and stores none", async () => {
    const { db, file } = fixture;
    const other = new DatabaseSync(file, { timeout: 10 });
    other.exec('BEGIN IMMEDIATE');
    const group = new GroupCommit(db, 100);
    const insert = db.prepare("INSERT INTO pets (name, category_id) VALUES ('Late', 1)");
    const started = performance.now();
    const outcomes = await Promise.allSettled([group.write(() => insert.run()), group.write(() => insert.run())]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
    expect(
      outcomes.map((outcome) => outcome.status === 'rejected' && outcome.reason instanceof StorageUnavailable),
    ).toEqual([true, true]);
    other.exec('ROLLBACK');
    other.close();
    expect(storedNames(db)).toEqual([]);
    expect(await group.write(() => insert.run().changes)).toBe(1);
  });

  it("waits for another connection's lock off the event loop, the writes asked for meanwhile joining, and commits once it is free", async () => {
    const { db, file } = fixture;
    const other = new DatabaseSync(file, { timeout: 10 });
    other.exec('BEGIN IMMEDIATE');
    const group = new GroupCommit(db, 5_000);
    const insert = (name: string) => () =>
      db.prepare('INSERT INTO pets (name, category_id) VALUES (?, 1)').run(name).changes;
    const first = group.write(insert('First'));
    // Timers still fire while the write waits: the thread is not held.
    const ticks: number[] = [];
    for (let tick = 1; tick <= 5; tick += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      ticks.push(tick);
    }
    expect(ticks).toEqual([1, 2, 3, 4, 5]);
    const second = group.write(insert('Second'));
    expect(storedNames(db)).toEqual([]);
    other.exec('COMMIT');
    other.close();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    expect(storedNames(db)).toEqual(['First', 'Second']);
  });

  /** How many transactions `db` tried to begin, counted from now. */
  function beginsOn(db: DatabaseSync): () => number {
    const exec = vi.spyOn(db, 'exec');
    return () => exec.mock.calls.filter(([sql]) => sql === 'BEGIN IMMEDIATE').length;
  }

  it('begins one transaction for the writes of one turn, and none once they are answered', async () => {
    const { db, repository } = fixture;
    const begins = beginsOn(db);
    await Promise.all(Array.from({ length: 5 }, () => repository.add(aNewPet())));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(begins()).toBe(1);
  });

  it('tries again for a taken lock on a timer that backs off, from 5 ms doubling to 100 ms, and stops trying once no write waits', async () => {
    const { db, file } = fixture;
    const other = new DatabaseSync(file, { timeout: 10 });
    other.exec('BEGIN IMMEDIATE');
    const group = new GroupCommit(db, 400);
    const begins = beginsOn(db);
    const write = group.write(() => db.prepare("INSERT INTO pets (name, category_id) VALUES ('Waiting', 1)").run());
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Tries at about 0, 15, 35, 65, 115, 195 and 295 ms (each waits 10 ms in place): never every few ms, nor only every 100.
    expect(begins()).toBeGreaterThanOrEqual(5);
    expect(begins()).toBeLessThanOrEqual(10);
    await expect(write).rejects.toBeInstanceOf(StorageUnavailable);
    const afterTheLast = begins();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(begins()).toBe(afterTheLast);
    other.exec('ROLLBACK');
    other.close();
  });

  it('gives up on a waiting write once its bound has passed to the millisecond, by its clock', async () => {
    const { db, file } = fixture;
    const other = new DatabaseSync(file, { timeout: 10 });
    other.exec('BEGIN IMMEDIATE');
    let now = 0;
    const group = new GroupCommit(db, 1_000, () => now);
    const write = group.write(() => 1);
    const settled = write.then(
      () => 'committed',
      (error: unknown) => (error instanceof StorageUnavailable ? 'unavailable' : 'failed'),
    );
    now = 999;
    await new Promise((resolve) => setTimeout(resolve, 40));
    now = 1_000;
    expect(await settled).toBe('unavailable');
    other.exec('ROLLBACK');
    other.close();
  });

  it('fails the writes of a group whose transaction cannot begin for another reason, and commits the next group', async () => {
    const { db } = fixture;
    const group = new GroupCommit(db, 5_000);
    const insert = db.prepare("INSERT INTO pets (name, category_id) VALUES ('Next', 1)");
    // A transaction left open on the connection: BEGIN is refused, and no lock is waited for.
    db.exec('BEGIN');
    const refused = await Promise.allSettled([group.write(() => insert.run()), group.write(() => insert.run())]);
    expect(refused.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    db.exec('ROLLBACK');
    expect(await group.write(() => insert.run().changes)).toBe(1);
    expect(storedNames(db)).toEqual(['Next']);
  });

  it('fails a waiting write at its own bound, counted from when it was asked for, and lets a later one wait on', async () => {
    const { db, file } = fixture;
    const other = new DatabaseSync(file, { timeout: 10 });
    other.exec('BEGIN IMMEDIATE');
    const group = new GroupCommit(db, 300);
    const insert = (name: string) => () =>
      db.prepare('INSERT INTO pets (name, category_id) VALUES (?, 1)').run(name).changes;
    const early = group.write(insert('Early'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const late = group.write(insert('Late'));
    await expect(early).rejects.toBeInstanceOf(StorageUnavailable);
    other.exec('COMMIT');
    other.close();
    expect(await late).toBe(1);
    expect(storedNames(db)).toEqual(['Late']);
  });

  it('fails every write asked for before its database closed, as StorageUnavailable', async () => {
    const writes = [
      fixture.repository.add(aNewPet()),
      new SqliteIdempotencyStore(fixture.db, { ttlMs: 1000, leaseMs: 100 }).claim({ client: 'c', key: 'k' }, 'f'),
    ];
    fixture.db.close();
    for (const outcome of await Promise.allSettled(writes)) {
      expect(outcome.status === 'rejected' && outcome.reason instanceof StorageUnavailable).toBe(true);
    }
  });

  it('fails every write of a group whose transaction a write ended, and keeps none of them', async () => {
    const { db } = fixture;
    const group = new GroupCommit(db);
    const insert = db.prepare("INSERT INTO pets (name, category_id) VALUES ('Lost', 1)");
    const outcomes = await Promise.allSettled([
      group.write(() => insert.run()),
      // A write that ends the transaction under the group, as a full disk can.
      group.write(() => {
        db.exec('ROLLBACK');
        throw new Error('the transaction is gone');
      }),
      group.write(() => insert.run()),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(outcomes.map((outcome) => ((outcome as PromiseRejectedResult).reason as Error).message)).toEqual(
      Array(3).fill('the transaction is gone'),
    );
    expect(storedNames(db)).toEqual([]);
    expect(db.isTransaction).toBe(false);
  });

  it('fails a write that throws something other than an error alone, and answers its neighbours', async () => {
    const group = new GroupCommit(fixture.db);
    const insert = fixture.db.prepare("INSERT INTO pets (name, category_id) VALUES ('Kept', 1)");
    const outcomes = await Promise.allSettled([
      group.write(() => insert.run().changes),
      group.write(() => {
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- what a bug might throw
        throw undefined;
      }),
      group.write(() => insert.run().changes),
    ]);
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 1 },
      { status: 'rejected', reason: undefined },
      { status: 'fulfilled', value: 1 },
    ]);
    expect(storedNames(fixture.db)).toEqual(['Kept', 'Kept']);
  });

  it('fails every write of a group whose commit fails, keeps none of them, and leaves no transaction open', async () => {
    const { db } = fixture;
    // A deferred foreign key is checked at COMMIT only: a write that breaks it makes the commit fail.
    db.exec(
      'PRAGMA foreign_keys = ON; CREATE TABLE owners (id INTEGER PRIMARY KEY); CREATE TABLE owned (owner INTEGER REFERENCES owners (id) DEFERRABLE INITIALLY DEFERRED)',
    );
    const group = new GroupCommit(db);
    const insert = db.prepare("INSERT INTO pets (name, category_id) VALUES ('Lost', 1)");
    const orphan = db.prepare('INSERT INTO owned (owner) VALUES (99)');
    const outcomes = await Promise.allSettled([group.write(() => insert.run()), group.write(() => orphan.run())]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(((outcomes[0] as PromiseRejectedResult).reason as Error).message).toMatch(/FOREIGN KEY/);
    expect(db.isTransaction).toBe(false);
    expect(storedNames(db)).toEqual([]);
    expect(await group.write(() => insert.run().changes)).toBe(1);
  });

  it('commits a lone write at the end of the turn it was asked in, waiting for no others to join it', async () => {
    const write = fixture.repository.add(aNewPet({ name: 'Alone' }));
    await new Promise((resolve) => setImmediate(resolve));
    const reader = new DatabaseSync(fixture.file, { readOnly: true });
    expect(storedNames(reader)).toEqual(['Alone']);
    reader.close();
    expect((await write).name).toBe('Alone');
  });

  describe('against a model, for any groups of creates and keyed creates, some of them failing', () => {
    type Create = { readonly key: number | undefined; readonly faulty: boolean };
    const aCreate: fc.Arbitrary<Create> = fc.record({
      key: fc.option(fc.nat({ max: 2 }), { nil: undefined }),
      faulty: fc.boolean(),
    });

    it('answers each as if it had run alone, in order, and stores exactly the pets it answered for', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.array(aCreate, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 5 }),
          async (groups) => {
            const model = { pets: [] as { id: number; name: string }[], byKey: new Map<number, number>() };
            const run = await sqliteStorageFixture();
            try {
              failInsertsNamed(run.db, 'Faulty');
              for (const [groupIndex, group] of groups.entries()) {
                const names = group.map(({ faulty }, index) =>
                  faulty ? 'Faulty' : `Pet ${String(groupIndex)}-${String(index)}`,
                );
                // Asked for in one turn: one group.
                const outcomes = await Promise.allSettled(
                  group.map(({ key }, index) => {
                    const newPet = aNewPet({ name: names[index] as string });
                    if (key === undefined)
                      return run.repository.add(newPet).then((pet) => ({ id: pet.id, added: true }));
                    const origin = {
                      key: { client: 'c', key: String(key) },
                      claimedAt: 0,
                      keptUntil: Number.MAX_SAFE_INTEGER,
                    };
                    return run.repository.addOnce(newPet, origin).then(({ pet, added }) => ({ id: pet.id, added }));
                  }),
                );
                const expected = group.map(({ key, faulty }, index) => {
                  const earlier = key === undefined ? undefined : model.byKey.get(key);
                  if (earlier !== undefined) return { id: earlier, added: false };
                  if (faulty) return 'refused';
                  const id = (model.pets.at(-1)?.id ?? 0) + 1;
                  model.pets.push({ id, name: names[index] as string });
                  if (key !== undefined) model.byKey.set(key, id);
                  return { id, added: true };
                });
                expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : 'refused'))).toEqual(
                  expected,
                );
              }
              expect(run.db.prepare('SELECT id, name FROM pets ORDER BY id').all()).toEqual(model.pets);
              expect(run.db.isTransaction).toBe(false);
            } finally {
              await run.dispose();
            }
          },
        ),
        { numRuns: 60 },
      );
    });
  });
});
