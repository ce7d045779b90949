import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { createMongoClient } from '../../adapters/persistence/mongo/mongo-client.js';
import { MongoPetRepository } from '../../adapters/persistence/mongo/mongo-pet-repository.js';
import type { RepositoryFixture } from '../contracts/pet-repository.contract.js';

export const testMongo = inject('mongo');

/** True when the Mongo suites cannot run; vitest then reports them as skipped, never passed. */
export const noMongo = testMongo.uri === undefined;

export function mongoUri(): string {
  if (testMongo.uri === undefined) throw new Error(`no MongoDB for tests: ${testMongo.skipReason ?? ''}`);
  return testMongo.uri;
}

export interface MongoFixture extends RepositoryFixture {
  readonly repository: MongoPetRepository;
  readonly databaseName: string;
}

/** A MongoPetRepository over a database of its own, dropped again by dispose(). */
export async function mongoRepositoryFixture(databaseName = `petstore_test_${randomUUID().slice(0, 8)}`): Promise<MongoFixture> {
  const client = createMongoClient(mongoUri(), 5000);
  const repository = new MongoPetRepository(client.db(databaseName));
  await repository.ensureIndexes();
  return {
    repository,
    databaseName,
    dispose: async () => {
      await client.db(databaseName).dropDatabase();
      await client.close();
    },
  };
}
