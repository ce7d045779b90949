import { MongoClient } from 'mongodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Pet } from '../../../../core/pet.js';
import {
  claimFilter,
  claimUpdate,
  completeUpdate,
  IDEMPOTENCY_COLLECTION,
  keyFilter,
  lapsedRecordFilter,
  liveOutcomeOf,
} from '../../../../adapters/persistence/mongo/idempotency-documents.js';
import { MongoIdempotencyStore } from '../../../../adapters/persistence/mongo/mongo-idempotency-store.js';
import { describeIdempotencyStoreContract } from '../../../contracts/idempotency-store.contract.js';
import { mongoStorageFixture, mongoUri, noMongo, type MongoFixture } from '../../../support/mongo.js';
import { idempotencyRetention } from '../../../support/storage-fixture.js';

describe('idempotency documents', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const pet: Pet = { id: 7, name: 'Rex', categoryId: 2, status: 'sold' };

  it('match a key by its client and key, and a claim by its token too', () => {
    expect(keyFilter({ client: 'c', key: 'k' })).toEqual({ client: 'c', key: 'k' });
    expect(claimFilter({ key: { client: 'c', key: 'k' }, token: 't' })).toEqual({ client: 'c', key: 'k', token: 't' });
  });

  it('take a key over only once its record has expired', () => {
    expect(lapsedRecordFilter({ client: 'c', key: 'k' }, now)).toEqual({ client: 'c', key: 'k', expiresAt: { $lte: now } });
  });

  it('let no object (and so no query operator) in where a string belongs', () => {
    const operator = { $ne: null } as unknown as string;
    expect(() => keyFilter({ client: 'c', key: operator })).toThrow(TypeError);
    expect(() => keyFilter({ client: operator, key: 'k' })).toThrow(TypeError);
    expect(() => lapsedRecordFilter({ client: 'c', key: operator }, now)).toThrow(TypeError);
    expect(() => claimFilter({ key: { client: operator, key: 'k' }, token: 't' })).toThrow(TypeError);
  });

  it('start a claim afresh: a previous holder\'s outcome goes', () => {
    expect(claimUpdate('fp', 't', now)).toEqual({ $set: { fingerprint: 'fp', token: 't', expiresAt: now }, $unset: { pet: '' } });
  });

  it('store the outcome as a pet document, read back as the same pet', () => {
    const update = completeUpdate(pet, now);
    expect(update).toEqual({ $set: { pet: { _id: 7, name: 'Rex', categoryId: 2, status: 'sold' }, expiresAt: now } });
    const later = new Date(now.getTime() - 1);
    expect(liveOutcomeOf({ fingerprint: 'fp', expiresAt: now, pet: update.$set.pet }, later)).toEqual({ state: 'completed', fingerprint: 'fp', pet });
  });

  it('read a record without an outcome as in flight, and an expired one as no record', () => {
    const before = new Date(now.getTime() - 1);
    expect(liveOutcomeOf({ fingerprint: 'fp', expiresAt: now }, before)).toEqual({ state: 'in_flight', fingerprint: 'fp' });
    expect(liveOutcomeOf({ fingerprint: 'fp', expiresAt: now }, now)).toBeUndefined();
  });
});

describe.skipIf(noMongo)('with a MongoDB server', () => {
  describeIdempotencyStoreContract('MongoIdempotencyStore', (options) => mongoStorageFixture(options));

  describe('MongoIdempotencyStore specifics', () => {
    let fixture: MongoFixture;
    let client: MongoClient;
    beforeEach(async () => {
      fixture = await mongoStorageFixture();
      client = new MongoClient(mongoUri());
    });
    afterEach(async () => {
      await client.close();
      await fixture.dispose();
    });

    it('gives a key to exactly one of two API instances claiming it at once over one database', async () => {
      const other = new MongoClient(mongoUri());
      try {
        const second = new MongoIdempotencyStore(other.db(fixture.databaseName), idempotencyRetention());
        const key = { client: 'c', key: 'shared' };
        const outcomes = await Promise.all(
          Array.from({ length: 50 }, (_, index) => (index % 2 === 0 ? fixture.idempotencyStore : second).claim(key, 'fp')),
        );
        expect(outcomes.filter((outcome) => outcome.state === 'claimed')).toHaveLength(1);
      } finally {
        await other.close();
      }
    });

    it('lets the database delete expired records (a TTL index) and refuses a second record of one key (a unique index)', async () => {
      const records = client.db(fixture.databaseName).collection(IDEMPOTENCY_COLLECTION);
      await fixture.idempotencyStore.claim({ client: 'c', key: 'k' }, 'fp');
      await expect(records.insertOne({ client: 'c', key: 'k', fingerprint: 'x', token: 't', expiresAt: new Date() })).rejects.toMatchObject({ code: 11000 });
      const ttl = (await records.indexes()).find((index) => index.expireAfterSeconds !== undefined);
      expect(ttl).toMatchObject({ key: { expiresAt: 1 }, expireAfterSeconds: 0 });
    });
  });
});
