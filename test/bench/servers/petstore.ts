// This service as `npm start` composes it (real auth, validation and logging; STORAGE from
// the environment, memory unless it says otherwise), with SEED_PETS pets added before it listens:
// straight through the repository in memory, in bulk (restores of 10,000) for SQLite and MongoDB.
import type { Tracer } from '@opentelemetry/api';
import { MongoClient } from 'mongodb';
import { petOf } from '../../../core/pet.js';
import type { PetRestore } from '../../../core/ports.js';
import {
  COUNTERS_COLLECTION,
  PET_ID_COUNTER,
  PETS_COLLECTION,
  toPetDocument,
  type CounterDocument,
  type PetDocument,
} from '../../../adapters/persistence/mongo/pet-documents.js';
import type { MongoSettings } from '../../../adapters/persistence/mongo/mongo-storage.js';
import { listen } from '../../../adapters/koa/server/http-server.js';
import { resolved } from '../../../app/host/tokens.js';
import { SERVICE_TOKENS } from '../../../app/service-tokens.js';
import { composedFromSettings } from '../../support/composed-service.js';
import { BENCH_KEY, seedPet } from './seed.js';

/**
 * Starts one service with these settings over the process's environment, each request traced with
 * `tracer` when one is given; `baselineRss` is read before seeding.
 */
export async function startPetstore(
  settings: Record<string, string> = {},
  tracer?: Tracer,
): Promise<{ port: number; baselineRss: number }> {
  const {
    config,
    logger,
    container,
    storage: opened,
  } = await composedFromSettings(
    { STORAGE: 'memory', ...process.env, ...settings, API_KEYS: BENCH_KEY, PORT: '0' },
    { tracer },
  );
  const repository = opened.pets;
  globalThis.gc?.();
  const baselineRss = process.memoryUsage().rss;
  const seedCount = Number(process.env.SEED_PETS ?? 0);
  const storage = config.storage.adapter.name;
  if (storage === 'mongo') await seedMongo(config.storage.settings as MongoSettings, seedCount);
  else if (storage === 'sqlite') await seedByRestore(repository, seedCount);
  else for (let index = 0; index < seedCount; index += 1) await repository.add(seedPet(index));
  const running = await listen(await resolved(container, SERVICE_TOKENS.HttpApp), {
    port: config.port,
    host: config.host,
    logger,
  });
  return { port: running.address.port, baselineRss };
}

/** A transaction per pet would take minutes for a million; restores write 10,000 a transaction. */
async function seedByRestore(repository: PetRestore, count: number): Promise<void> {
  const batch = 10_000;
  for (let start = 0; start < count; start += batch) {
    await repository.restore(
      Array.from({ length: Math.min(batch, count - start) }, (_, offset) =>
        petOf(start + offset + 1, seedPet(start + offset)),
      ),
    );
  }
}

/** A million single inserts would take minutes; the documents and the id counter are written in bulk. */
async function seedMongo(storage: MongoSettings, count: number): Promise<void> {
  const client = new MongoClient(storage.uri);
  const db = client.db(storage.database);
  const batch = 10_000;
  for (let start = 0; start < count; start += batch) {
    const documents = Array.from({ length: Math.min(batch, count - start) }, (_, offset) =>
      toPetDocument(start + offset + 1, seedPet(start + offset)),
    );
    await db.collection<PetDocument>(PETS_COLLECTION).insertMany(documents);
  }
  // The next pet the API adds then gets the id after the last seeded one.
  await db
    .collection<CounterDocument>(COUNTERS_COLLECTION)
    .updateOne({ _id: PET_ID_COUNTER }, { $set: { seq: count } }, { upsert: true });
  await client.close();
}
