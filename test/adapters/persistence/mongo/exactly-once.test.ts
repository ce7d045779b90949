import { MongoNetworkError } from 'mongodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MongoIdempotencyStore } from '../../../../adapters/persistence/mongo/mongo-idempotency-store.js';
import { MongoPetRepository } from '../../../../adapters/persistence/mongo/mongo-pet-repository.js';
import { IDEMPOTENCY_COLLECTION } from '../../../../adapters/persistence/mongo/idempotency-documents.js';
import { COUNTERS_COLLECTION, PETS_COLLECTION } from '../../../../adapters/persistence/mongo/pet-documents.js';
import { manualClock } from '../../../../testing/index.js';
import { startTestApi, type TestApi } from '../../../support/api-harness.js';
import { standInDb } from '../../../support/stand-in-mongo.js';
import { idempotencyRetention } from '../../../support/storage-fixture.js';

/** The storage's call timeout (MONGODB_TIMEOUT_MS); a slow reply waits three times that. */
const CALL_TIMEOUT_MS = 40;
const KEYS = 24;

type Fault = 'slow reply' | 'reply lost' | 'refused' | 'frozen';

/**
 * What a fault does to one call: a slow reply and a lost reply come after the write landed (the
 * ambiguous cases), a refused call never reaches the database, a frozen one never answers.
 */
async function faulty<T>(fault: Fault, call: () => Promise<T>): Promise<T> {
  switch (fault) {
    case 'slow reply': {
      const result = await call();
      await new Promise((resolve) => setTimeout(resolve, CALL_TIMEOUT_MS * 3));
      return result;
    }
    case 'reply lost':
      await call();
      throw new MongoNetworkError('connection reset by peer');
    case 'refused':
      throw new MongoNetworkError('connect ECONNREFUSED 127.0.0.1:27017');
    case 'frozen':
      return new Promise<T>(() => undefined);
  }
}

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/**
 * The API over MongoDB storage (a stand-in database, so the faults are exact), every write of the
 * named collections faulted for its first `faulted` calls. Each key is sent by a client that
 * retries on 503 and on 409 (waiting out the in-flight lease on the store's clock) until it gets
 * its pet; what the test counts is pets stored against keys sent.
 */
async function sendEveryKeyThrough(fault: Fault, collections: readonly string[], faulted: number) {
  const db = standInDb();
  const clock = manualClock();
  for (const name of collections) {
    const collection = db.collection(name);
    for (const method of ['insertOne', 'updateOne', 'findOneAndUpdate', 'deleteOne'] as const) {
      const original = (collection[method] as (...args: unknown[]) => Promise<unknown>).bind(collection);
      let calls = 0;
      vi.spyOn(collection, method).mockImplementation(((...args: unknown[]) => {
        calls += 1;
        return calls <= faulted ? faulty(fault, () => original(...args)) : original(...args);
      }) as never);
    }
  }
  const repository = new MongoPetRepository(db, CALL_TIMEOUT_MS);
  const idempotencyStore = new MongoIdempotencyStore(db, idempotencyRetention(), {
    now: clock.now,
    callTimeoutMs: CALL_TIMEOUT_MS,
  });
  await repository.ensureIndexes();
  await idempotencyStore.ensureIndexes();
  api = await startTestApi({ repository, idempotencyStore });
  const answers = new Map<string, Set<number>>();
  const statuses: number[] = [];
  await Promise.all(
    Array.from({ length: KEYS }, async (_, index) => {
      const key = `order-${index}`;
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const response = await api!.request('/v1/pets', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
          body: JSON.stringify({ name: `pet ${index}`, categoryId: 1 }),
        });
        statuses.push(response.status);
        if (response.status === 201) {
          answers.set(key, (answers.get(key) ?? new Set()).add(((await response.json()) as { id: number }).id));
          return;
        }
        await response.body?.cancel();
        if (response.status === 409) clock.advance(idempotencyRetention().leaseMs);
      }
    }),
  );
  // Whatever is still on its way to the database lands before the count.
  await new Promise((resolve) => setTimeout(resolve, CALL_TIMEOUT_MS * 4));
  return { answers, statuses, pets: db.documentsOf(PETS_COLLECTION) };
}

describe.each<[Fault, readonly string[]]>([
  ['slow reply', [PETS_COLLECTION]],
  ['reply lost', [PETS_COLLECTION]],
  ['reply lost', [PETS_COLLECTION, IDEMPOTENCY_COLLECTION, COUNTERS_COLLECTION]],
  ['refused', [PETS_COLLECTION, IDEMPOTENCY_COLLECTION, COUNTERS_COLLECTION]],
  ['frozen', [PETS_COLLECTION, IDEMPOTENCY_COLLECTION, COUNTERS_COLLECTION]],
])('keyed creates through a database whose writes meet "%s" (%s)', (fault, collections) => {
  it("store one pet per key, and every key's client gets that pet", async () => {
    const { answers, statuses, pets } = await sendEveryKeyThrough(fault, collections, KEYS / 2);
    expect(statuses.filter((status) => status !== 201 && status !== 503 && status !== 409)).toEqual([]);
    // The faults were met: some creates failed first.
    expect(statuses.filter((status) => status !== 201).length).toBeGreaterThan(0);
    expect(answers.size).toBe(KEYS);
    expect([...answers.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(pets).toHaveLength(KEYS);
    expect(new Set(pets.map((pet) => pet._id))).toEqual(new Set([...answers.values()].map((ids) => [...ids][0])));
  });
});
