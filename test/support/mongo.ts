import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterEach, beforeEach, inject } from 'vitest';
import { createMongoClient } from '../../adapters/persistence/mongo/mongo-client.js';
import { MongoIdempotencyStore } from '../../adapters/persistence/mongo/mongo-idempotency-store.js';
import { MongoPetRepository } from '../../adapters/persistence/mongo/mongo-pet-repository.js';
import { idempotencyRetention, type StorageFixture, type StorageFixtureOptions } from './storage-fixture.js';

export const testMongo = inject('mongo');

/** True when the Mongo suites cannot run; vitest then reports them as skipped, never passed. */
export const noMongo = testMongo.uri === undefined;

export function mongoUri(): string {
  if (testMongo.uri === undefined) throw new Error(`no MongoDB for tests: ${testMongo.skipReason ?? ''}`);
  return testMongo.uri;
}

export interface MongoFixture extends StorageFixture {
  readonly repository: MongoPetRepository;
  readonly idempotencyStore: MongoIdempotencyStore;
  readonly databaseName: string;
}

/** The Mongo repository and idempotency store over a database of their own, dropped again by dispose(). */
export async function mongoStorageFixture({
  now,
  retention = idempotencyRetention(),
}: StorageFixtureOptions = {}): Promise<MongoFixture> {
  const databaseName = `petstore_test_${randomUUID().slice(0, 8)}`;
  const client = createMongoClient(mongoUri(), 5000);
  const repository = new MongoPetRepository(client.db(databaseName));
  const idempotencyStore = new MongoIdempotencyStore(client.db(databaseName), retention, { now });
  await repository.ensureIndexes();
  await idempotencyStore.ensureIndexes();
  return {
    repository,
    idempotencyStore,
    databaseName,
    dispose: async () => {
      await client.db(databaseName).dropDatabase();
      await client.close();
    },
  };
}

/**
 * For each test of the describe it is called in: a fixture over a database of its own, and a
 * client of the test's own onto the same server, to look at what the adapter stored.
 */
export function mongoPerTest(): { fixture: MongoFixture; client: MongoClient } {
  const current = {} as { fixture: MongoFixture; client: MongoClient };
  beforeEach(async () => {
    current.fixture = await mongoStorageFixture();
    current.client = new MongoClient(mongoUri());
  });
  afterEach(async () => {
    await current.client.close();
    await current.fixture.dispose();
  });
  return current;
}

/** MongoDB's code for a command the server does not have. */
const COMMAND_NOT_FOUND = 59;

/**
 * Whether the server has a command, asked by running it with no arguments: only "no such command"
 * says no. For a test that meets a test server's documented limit, never MongoDB's: it then skips
 * with one line naming what is missing.
 */
export async function serverCan(client: MongoClient, command: string): Promise<boolean> {
  try {
    await client.db('admin').command({ [command]: 1 });
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code !== COMMAND_NOT_FOUND;
  }
}
