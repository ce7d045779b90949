import { MongoClient, MongoNetworkError, MongoServerError } from 'mongodb';
import { describe, expect, it, vi } from 'vitest';
import { StorageUnavailable } from '../../../../core/errors.js';
import type { Pet } from '../../../../core/pet.js';
import {
  claimFilter,
  claimUpdate,
  completeUpdate,
  IDEMPOTENCY_COLLECTION,
  lapsedRecordFilter,
  liveOutcomeOf,
} from '../../../../adapters/persistence/mongo/idempotency-documents.js';
import { MongoIdempotencyStore } from '../../../../adapters/persistence/mongo/mongo-idempotency-store.js';
import { keyFilter } from '../../../../adapters/persistence/mongo/pet-documents.js';
import { describeIdempotencyStoreContract } from '../../../../testing/index.js';
import { mongoPerTest, mongoStorageFixture, mongoUri, noMongo } from '../../../support/mongo.js';
import { standInDb } from '../../../support/stand-in-mongo.js';
import { idempotencyRetention } from '../../../support/storage-fixture.js';

describe('idempotency documents', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const pet: Pet = { id: 7, name: 'Rex', categoryId: 2, status: 'sold' };

  it('match a key by its client and key, and a claim by its token too', () => {
    expect(keyFilter({ client: 'c', key: 'k' })).toEqual({ client: 'c', key: 'k' });
    expect(claimFilter({ key: { client: 'c', key: 'k' }, token: 't' })).toEqual({ client: 'c', key: 'k', token: 't' });
  });

  it('take a key over only once its record has expired', () => {
    expect(lapsedRecordFilter({ client: 'c', key: 'k' }, now)).toEqual({
      client: 'c',
      key: 'k',
      expiresAt: { $lte: now },
    });
  });

  it('let no object (and so no query operator) in where a string belongs', () => {
    const operator = { $ne: null } as unknown as string;
    expect(() => keyFilter({ client: 'c', key: operator })).toThrow(new TypeError('client and key must be strings'));
    expect(() => keyFilter({ client: operator, key: 'k' })).toThrow(TypeError);
    expect(() => lapsedRecordFilter({ client: 'c', key: operator }, now)).toThrow(TypeError);
    expect(() => claimFilter({ key: { client: operator, key: 'k' }, token: 't' })).toThrow(TypeError);
  });

  it("start a claim afresh: a previous holder's outcome goes", () => {
    expect(claimUpdate('fp', 't', now)).toEqual({
      $set: { fingerprint: 'fp', token: 't', expiresAt: now },
      $unset: { pet: '' },
    });
  });

  it('store the outcome as a pet document, read back as the same pet', () => {
    const update = completeUpdate(pet, now);
    expect(update).toEqual({ $set: { pet: { _id: 7, name: 'Rex', categoryId: 2, status: 'sold' }, expiresAt: now } });
    const later = new Date(now.getTime() - 1);
    expect(liveOutcomeOf({ fingerprint: 'fp', expiresAt: now, pet: update.$set.pet }, later)).toEqual({
      state: 'completed',
      fingerprint: 'fp',
      pet,
    });
  });

  it('read a record without an outcome as in flight, and an expired one as no record', () => {
    const before = new Date(now.getTime() - 1);
    expect(liveOutcomeOf({ fingerprint: 'fp', expiresAt: now }, before)).toEqual({
      state: 'in_flight',
      fingerprint: 'fp',
    });
    expect(liveOutcomeOf({ fingerprint: 'fp', expiresAt: now }, now)).toBeUndefined();
  });
});

describe('MongoIdempotencyStore without a server', () => {
  // The store's own logic (claim, the retry of a claim, tokens, expiry) over a stand-in collection.
  describeIdempotencyStoreContract('MongoIdempotencyStore over a stand-in collection', async ({ now, retention }) => {
    const store = new MongoIdempotencyStore(standInDb(), retention, { now });
    await store.ensureIndexes();
    return { idempotencyStore: store, dispose: () => Promise.resolve() };
  });

  it('claims again when the live record it collided with is gone by the time it reads it', async () => {
    const db = standInDb();
    const store = new MongoIdempotencyStore(db, idempotencyRetention());
    await store.ensureIndexes();
    const key = { client: 'c', key: 'k' };
    const first = await store.claim(key, 'fp');
    if (first.state !== 'claimed') throw new Error('expected a claim');
    const records = db.collection(IDEMPOTENCY_COLLECTION);
    const findOne = records.findOne.bind(records);
    // The holder releases its claim between the collision and the read.
    vi.spyOn(records, 'findOne').mockImplementationOnce(async (...args: Parameters<typeof findOne>) => {
      await store.release(first.claim);
      return findOne(...args);
    });
    expect((await store.claim(key, 'fp')).state).toBe('claimed');
  });

  it('gives up with an error after three collisions with records that vanish each time', async () => {
    const db = standInDb();
    const store = new MongoIdempotencyStore(db, idempotencyRetention());
    const records = db.collection(IDEMPOTENCY_COLLECTION);
    const updateOne = vi
      .spyOn(records, 'updateOne')
      .mockRejectedValue(new MongoServerError({ message: 'E11000', code: 11000 }));
    vi.spyOn(records, 'findOne').mockResolvedValue(null);
    await expect(store.claim({ client: 'c', key: 'k' }, 'fp')).rejects.toThrow(
      'the idempotency key changed hands on every attempt to claim it',
    );
    expect(updateOne).toHaveBeenCalledTimes(3);
  });

  it('releases a claim whose answer was lost, so that a retry need not wait out its lease', async () => {
    const db = standInDb();
    const store = new MongoIdempotencyStore(db, idempotencyRetention());
    await store.ensureIndexes();
    const records = db.collection(IDEMPOTENCY_COLLECTION);
    const updateOne = records.updateOne.bind(records);
    // The claim lands, and its answer is lost on the way back.
    vi.spyOn(records, 'updateOne').mockImplementationOnce(async (...args: Parameters<typeof updateOne>) => {
      await updateOne(...args);
      throw new MongoNetworkError('connection reset');
    });
    await expect(store.claim({ client: 'c', key: 'k' }, 'fp')).rejects.toBeInstanceOf(StorageUnavailable);
    await vi.waitFor(
      () => {
        expect(db.documentsOf(IDEMPOTENCY_COLLECTION)).toEqual([]);
      },
      { timeout: 15_000 },
    );
    expect((await store.claim({ client: 'c', key: 'k' }, 'fp')).state).toBe('claimed');
  });

  it('passes on any other write error, an outage as StorageUnavailable', async () => {
    const db = standInDb();
    const store = new MongoIdempotencyStore(db, idempotencyRetention());
    const records = db.collection(IDEMPOTENCY_COLLECTION);
    vi.spyOn(records, 'updateOne').mockRejectedValueOnce(new MongoServerError({ message: 'bad', code: 2 }));
    await expect(store.claim({ client: 'c', key: 'k' }, 'fp')).rejects.toMatchObject({ code: 2 });
    vi.spyOn(records, 'updateOne').mockRejectedValueOnce(new MongoNetworkError('connection reset'));
    await expect(store.claim({ client: 'c', key: 'k' }, 'fp')).rejects.toBeInstanceOf(StorageUnavailable);
    vi.spyOn(records, 'deleteOne').mockRejectedValueOnce(new MongoNetworkError('connection reset'));
    await expect(
      store.release({ key: { client: 'c', key: 'k' }, token: 't', claimedAt: 0, keptUntil: 1 }),
    ).rejects.toBeInstanceOf(StorageUnavailable);
    vi.spyOn(records, 'updateOne').mockRejectedValueOnce(new MongoNetworkError('connection reset'));
    await expect(
      store.complete(
        { key: { client: 'c', key: 'k' }, token: 't', claimedAt: 0, keptUntil: 1 },
        { id: 1, name: 'a', categoryId: 1 },
      ),
    ).rejects.toBeInstanceOf(StorageUnavailable);
  });
});

describe.skipIf(noMongo)('with a MongoDB server', () => {
  describeIdempotencyStoreContract('MongoIdempotencyStore', (options) => mongoStorageFixture(options));

  describe('MongoIdempotencyStore specifics', () => {
    const mongo = mongoPerTest();

    it('gives a key to exactly one of two API instances claiming it at once over one database', async () => {
      const other = new MongoClient(mongoUri());
      try {
        const second = new MongoIdempotencyStore(other.db(mongo.fixture.databaseName), idempotencyRetention());
        const key = { client: 'c', key: 'shared' };
        const outcomes = await Promise.all(
          Array.from({ length: 50 }, (_, index) =>
            (index % 2 === 0 ? mongo.fixture.idempotencyStore : second).claim(key, 'fp'),
          ),
        );
        expect(outcomes.filter((outcome) => outcome.state === 'claimed')).toHaveLength(1);
      } finally {
        await other.close();
      }
    });

    it('lets the database delete expired records (a TTL index) and refuses a second record of one key (a unique index)', async () => {
      const records = mongo.client.db(mongo.fixture.databaseName).collection(IDEMPOTENCY_COLLECTION);
      await mongo.fixture.idempotencyStore.claim({ client: 'c', key: 'k' }, 'fp');
      await expect(
        records.insertOne({ client: 'c', key: 'k', fingerprint: 'x', token: 't', expiresAt: new Date() }),
      ).rejects.toMatchObject({ code: 11000 });
      const ttl = (await records.indexes()).find((index) => index.expireAfterSeconds !== undefined);
      expect(ttl).toMatchObject({ key: { expiresAt: 1 }, expireAfterSeconds: 0 });
    });
  });
});
