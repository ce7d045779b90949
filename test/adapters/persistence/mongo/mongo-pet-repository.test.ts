import { MongoClient } from 'mongodb';
import { PET_STATUSES } from '../../../../core/pet.js';
import { describe, expect, it } from 'vitest';
import { MongoPetRepository } from '../../../../adapters/persistence/mongo/mongo-pet-repository.js';
import {
  ID_ORDER,
  ORIGIN_INDEX,
  pageFilter,
  PETS_COLLECTION,
  STATUS_ID_INDEX,
  type PetDocument,
} from '../../../../adapters/persistence/mongo/pet-documents.js';
import { describePetRepositoryContract } from '../../../../testing/index.js';
import { describePetRestoreContract } from '../../../../testing/index.js';
import { aNewPet } from '../../../support/builders.js';
import { mongoPerTest, mongoStorageFixture, mongoUri, noMongo, serverCan } from '../../../support/mongo.js';

describe.skipIf(noMongo)('with a MongoDB server', () => {
  describePetRepositoryContract('MongoPetRepository', () => mongoStorageFixture());
  describePetRestoreContract('MongoPetRepository', () => mongoStorageFixture());

  describe('MongoPetRepository specifics', () => {
    const mongo = mongoPerTest();

    const pets = () => mongo.client.db(mongo.fixture.databaseName).collection<PetDocument>(PETS_COLLECTION);

    it('gives distinct ids to two API instances creating pets at once over one database', async () => {
      const other = new MongoClient(mongoUri());
      try {
        const second = new MongoPetRepository(other.db(mongo.fixture.databaseName));
        const created = await Promise.all(
          Array.from({ length: 100 }, (_, index) =>
            (index % 2 === 0 ? mongo.fixture.repository : second).add(aNewPet()),
          ),
        );
        const ids = created.map((pet) => pet.id);
        expect(new Set(ids).size).toBe(100);
        expect(await pets().countDocuments()).toBe(100);
      } finally {
        await other.close();
      }
    });

    it('stores the documented shape: _id, name, categoryId and status only when given', async () => {
      const withStatus = await mongo.fixture.repository.add({ name: 'Tom', categoryId: 3, status: 'sold' });
      const without = await mongo.fixture.repository.add({ name: 'Kit', categoryId: 4 });
      expect(await pets().findOne({ _id: withStatus.id })).toEqual({
        _id: withStatus.id,
        name: 'Tom',
        categoryId: 3,
        status: 'sold',
      });
      expect(await pets().findOne({ _id: without.id })).toEqual({ _id: without.id, name: 'Kit', categoryId: 4 });
    });

    it('creates its indexes idempotently', async () => {
      await mongo.fixture.repository.ensureIndexes();
      await mongo.fixture.repository.ensureIndexes();
      const indexes = await pets().indexes();
      expect(indexes.map((index) => index.key)).toEqual([{ _id: 1 }, STATUS_ID_INDEX.key, ORIGIN_INDEX.key]);
      expect(indexes.find((index) => index.name === ORIGIN_INDEX.name)).toMatchObject({
        unique: true,
        partialFilterExpression: ORIGIN_INDEX.partialFilterExpression,
      });
    });

    it('adds under the next free id when the counter is behind the pets (a restore made by hand), never failing', async () => {
      await pets().insertMany([1, 2, 3].map((id) => ({ _id: id, name: `Restored ${id}`, categoryId: 1 })));
      expect(await mongo.fixture.repository.add({ name: 'Rex', categoryId: 1 })).toEqual({
        id: 4,
        name: 'Rex',
        categoryId: 1,
      });
      const keyed = await mongo.fixture.repository.addOnce(
        { name: 'Max', categoryId: 1 },
        { key: { client: 'c', key: 'k' }, claimedAt: Date.now(), keptUntil: Date.now() + 60_000 },
      );
      expect(keyed).toEqual({ pet: { id: 5, name: 'Max', categoryId: 1 }, added: true });
      expect(await pets().countDocuments()).toBe(5);
    });

    it('pages with and without a status filter by an index scan of O(limit) documents', async (test) => {
      if (!(await serverCan(mongo.client, 'explain')))
        test.skip("the server has no explain command (a test server's limit; MongoDB has it)");
      const docs = Array.from({ length: 3000 }, (_, index) => ({
        _id: index + 1,
        name: `Pet ${index}`,
        categoryId: 1,
        status: PET_STATUSES[index % 3] as string,
      }));
      await pets().insertMany(docs);
      for (const query of [{ status: 'sold' as const, afterId: 1500 }, { afterId: 1500 }, {}]) {
        const explained = await pets().find(pageFilter(query)).sort(ID_ORDER).limit(11).explain('executionStats');
        const stats = explained.executionStats as {
          totalDocsExamined: number;
          totalKeysExamined: number;
          nReturned: number;
        };
        expect(JSON.stringify(explained.queryPlanner)).toContain('IXSCAN');
        expect(JSON.stringify(explained.queryPlanner)).not.toContain('COLLSCAN');
        expect(JSON.stringify(explained.queryPlanner)).not.toContain('"SORT"');
        expect(stats.nReturned).toBe(11);
        expect(stats.totalDocsExamined).toBeLessThanOrEqual(11);
        expect(stats.totalKeysExamined).toBeLessThanOrEqual(12);
      }
    });
  });
});
