import { randomUUID } from 'node:crypto';
import { createMongoClient } from '../../adapters/persistence/mongo/mongo-client.js';
import { MongoIdempotencyStore } from '../../adapters/persistence/mongo/mongo-idempotency-store.js';
import { MongoPetRepository } from '../../adapters/persistence/mongo/mongo-pet-repository.js';
import { TcpProxy, type OutageFixture } from '../../testing/index.js';
import { mongoUri } from './mongo.js';
import { idempotencyRetention } from './storage-fixture.js';

/** The bound the service gives each MongoDB call in the outage fixture (MONGODB_TIMEOUT_MS). */
const OUTAGE_TIMEOUT_MS = 500;

/**
 * Both MongoDB adapters over a database of their own, reached through a relay the outage contract
 * cuts, stalls and restores; dispose drops the database over a connection of its own.
 */
export async function mongoOutageFixture(): Promise<OutageFixture> {
  const target = new URL(mongoUri());
  const relay = new TcpProxy(target.hostname, Number(target.port || 27017));
  await relay.start();
  const databaseName = `petstore_outage_${randomUUID().slice(0, 8)}`;
  const client = createMongoClient(`mongodb://127.0.0.1:${relay.port}/?directConnection=true`, OUTAGE_TIMEOUT_MS);
  const db = client.db(databaseName);
  const repository = new MongoPetRepository(db, OUTAGE_TIMEOUT_MS);
  const idempotencyStore = new MongoIdempotencyStore(db, idempotencyRetention(), { callTimeoutMs: OUTAGE_TIMEOUT_MS });
  await repository.ensureIndexes();
  await idempotencyStore.ensureIndexes();
  return {
    repository,
    idempotencyStore,
    outage: relay.outage(OUTAGE_TIMEOUT_MS),
    dispose: async () => {
      await client.close();
      await relay.cut();
      const direct = createMongoClient(mongoUri(), 5000);
      await direct.db(databaseName).dropDatabase();
      await direct.close();
    },
  };
}
