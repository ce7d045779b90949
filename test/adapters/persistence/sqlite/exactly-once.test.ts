import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IdempotencyKeyInUse } from '../../../../core/errors.js';
import { CreatePetOnce } from '../../../../core/use-cases/create-pet-once.js';
import { openSqliteDatabase } from '../../../../adapters/persistence/sqlite/sqlite-database.js';
import { SqliteIdempotencyStore } from '../../../../adapters/persistence/sqlite/sqlite-idempotency-store.js';
import { SqlitePetRepository } from '../../../../adapters/persistence/sqlite/sqlite-pet-repository.js';
import { manualClock } from '../../../../testing/index.js';
import { SQLITE_DEFAULTS, sqliteFolder } from '../../../support/sqlite.js';
import { idempotencyRetention } from '../../../support/storage-fixture.js';
import { watchedStorage } from '../../../support/watched-storage.js';

const rex = { name: 'Rex', categoryId: 3 };
const key = { client: 'client-a', key: 'order-1' };

describe('a keyed create on SQLite, the process dying between its two writes', () => {
  let folder: ReturnType<typeof sqliteFolder>;
  beforeEach(() => {
    folder = sqliteFolder();
  });
  afterEach(() => {
    folder.remove();
  });

  /** The service's view of the file after a start: both stores, on a clock the test moves. */
  function processOn(clock: ReturnType<typeof manualClock>, recordAnswers = true) {
    const db = openSqliteDatabase(folder.path(), SQLITE_DEFAULTS);
    const pets = new SqlitePetRepository(db);
    const store = new SqliteIdempotencyStore(db, idempotencyRetention(), { now: clock.now });
    const requests = watchedStorage(store);
    // The process dies right after the pet is written: recording the answer never happens.
    if (!recordAnswers) requests.hold('complete', 'release');
    return { db, pets, createOnce: new CreatePetOnce(pets, requests.port) };
  }

  it('adds the pet once: after a restart the retry is told to wait while the lease lasts, then answers the pet written before', async () => {
    const clock = manualClock();
    const dying = processOn(clock, false);
    void dying.createOnce.execute(rex, key);
    await expect.poll(async () => (await dying.pets.list({ limit: 10 })).length).toBe(1);
    const [written] = await dying.pets.list({ limit: 10 });
    dying.db.close();

    const restarted = processOn(clock);
    await expect(restarted.createOnce.execute(rex, key)).rejects.toBeInstanceOf(IdempotencyKeyInUse);
    clock.advance(idempotencyRetention().leaseMs);
    expect(await restarted.createOnce.execute(rex, key)).toEqual({ pet: written, replayed: true });
    expect(await restarted.createOnce.execute(rex, key)).toEqual({ pet: written, replayed: true });
    expect(await restarted.pets.list({ limit: 10 })).toEqual([written]);
    restarted.db.close();
  });
});
