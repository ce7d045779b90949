import { randomUUID } from 'node:crypto';
import type { MongoClient } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import { StorageUnavailable } from '../../../../core/errors.js';
import { createMongoClient } from '../../../../adapters/persistence/mongo/mongo-client.js';
import { MongoIdempotencyStore } from '../../../../adapters/persistence/mongo/mongo-idempotency-store.js';
import { MongoPetRepository } from '../../../../adapters/persistence/mongo/mongo-pet-repository.js';
import { PETS_COLLECTION } from '../../../../adapters/persistence/mongo/pet-documents.js';
import { expectError, startTestApi, type TestApi } from '../../../support/api-harness.js';
import { aNewPet } from '../../../support/builders.js';
import { mongoUri, noMongo } from '../../../support/mongo.js';
import { idempotencyRetention } from '../../../support/storage-fixture.js';
import { closedPort, TcpProxy } from '../../../../testing/tcp-proxy.js';

/** Requests must answer within this, or the test fails: a hang is the defect under test. */
const ANSWER_WITHIN_MS = 5000;
const STORAGE_TIMEOUT_MS = 500;
const LEASE_MS = 2000;

let client: MongoClient | undefined;
let api: TestApi | undefined;
let proxy: TcpProxy | undefined;
afterEach(async () => {
  await api?.close();
  await client?.close();
  await proxy?.cut();
  api = client = proxy = undefined;
});

async function repositoryAt(uri: string, database = 'petstore_outage_test'): Promise<MongoPetRepository> {
  client = createMongoClient(uri, STORAGE_TIMEOUT_MS);
  return Promise.resolve(new MongoPetRepository(client.db(database)));
}

const get = (path: string, key?: string | null) =>
  api!.request(path, { signal: AbortSignal.timeout(ANSWER_WITHIN_MS), ...(key === undefined ? {} : { key }) });

describe('MongoDB unreachable', () => {
  it('fails every repository call with StorageUnavailable within the timeout, and reports itself unreachable', async () => {
    const repository = await repositoryAt(`mongodb://127.0.0.1:${await closedPort()}/?directConnection=true`);
    await expect(repository.list({ limit: 5 })).rejects.toBeInstanceOf(StorageUnavailable);
    await expect(repository.add(aNewPet())).rejects.toBeInstanceOf(StorageUnavailable);
    await expect(repository.findById(1)).rejects.toBeInstanceOf(StorageUnavailable);
    await expect(repository.ensureIndexes()).rejects.toBeInstanceOf(StorageUnavailable);
    expect(await repository.isReachable()).toBe(false);
  });

  it('answers API requests fast with 503 service_unavailable, and /readyz with 503', async () => {
    api = await startTestApi({
      repository: await repositoryAt(`mongodb://127.0.0.1:${await closedPort()}/?directConnection=true`),
    });
    await expectError(await get('/v1/pets'), 503, 'service_unavailable');
    await expectError(await get('/v1/pets/1'), 503, 'service_unavailable');
    const created = await api.request('/v1/pets', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(aNewPet()),
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    const body = await expectError(created, 503, 'service_unavailable');
    expect(JSON.stringify(body)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|Mongo/);
    await expectError(await get('/readyz', null), 503, 'service_unavailable');
    expect((await get('/healthz', null)).status).toBe(200);
  });
});

describe.skipIf(noMongo)('MongoDB going away and coming back', () => {
  it('answers 503 during the outage and recovers without a restart', async () => {
    const target = new URL(mongoUri());
    proxy = new TcpProxy(target.hostname, Number(target.port || 27017));
    await proxy.start();
    const database = `petstore_outage_${Date.now()}`;
    api = await startTestApi({
      repository: await repositoryAt(`mongodb://127.0.0.1:${proxy.port}/?directConnection=true`, database),
    });
    expect((await get('/v1/pets')).status).toBe(200);
    expect((await get('/readyz', null)).status).toBe(200);

    await proxy.cut();
    await expectError(await get('/v1/pets'), 503, 'service_unavailable');
    await expectError(await get('/readyz', null), 503, 'service_unavailable');

    await proxy.start();
    const deadline = Date.now() + 15_000;
    while ((await get('/readyz', null)).status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await get('/readyz', null)).status).toBe(200);
    expect((await get('/v1/pets')).status).toBe(200);
    await client!.db(database).dropDatabase();
  });
});

describe.skipIf(noMongo)('MongoDB frozen or lagging behind a proxy', () => {
  let database = '';

  /** The API over MongoDB storage reached through a proxy, with the service's own bounds. */
  async function startBehindProxy(): Promise<TcpProxy> {
    const target = new URL(mongoUri());
    const started = new TcpProxy(target.hostname, Number(target.port || 27017));
    await started.start();
    proxy = started;
    database = `petstore_faults_${randomUUID().slice(0, 8)}`;
    client = createMongoClient(`mongodb://127.0.0.1:${started.port}/?directConnection=true`, STORAGE_TIMEOUT_MS);
    const repository = new MongoPetRepository(client.db(database), STORAGE_TIMEOUT_MS);
    // A claim whose answer was lost, and whose release could not be sent either, holds its key until
    // its lease ends; a short lease lets the retries below meet that end.
    const idempotencyStore = new MongoIdempotencyStore(
      client.db(database),
      { ...idempotencyRetention(), leaseMs: LEASE_MS },
      { callTimeoutMs: STORAGE_TIMEOUT_MS },
    );
    await repository.ensureIndexes();
    await idempotencyStore.ensureIndexes();
    api = await startTestApi({ repository, idempotencyStore });
    return started;
  }

  /** Counted on a connection of its own, straight to the server. */
  async function storedPets(): Promise<number> {
    const direct = createMongoClient(mongoUri(), 5000);
    try {
      return await direct.db(database).collection(PETS_COLLECTION).countDocuments();
    } finally {
      await direct.db(database).dropDatabase();
      await direct.close();
    }
  }

  it('answers a burst of 40 requests, half lists and half creates, with 503 within the bound when the database freezes', async () => {
    const frozen = await startBehindProxy();
    expect((await get('/v1/pets')).status).toBe(200);
    frozen.delayReplies(Infinity);
    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, index) => {
        const started = performance.now();
        const response =
          index % 2 === 0
            ? await get('/v1/pets')
            : await api!.request('/v1/pets', {
                method: 'POST',
                headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `burst-${index}` },
                body: JSON.stringify(aNewPet()),
                signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
              });
        return {
          status: response.status,
          code: ((await response.json()) as { code: string }).code,
          ms: performance.now() - started,
        };
      }),
    );
    expect(answers.filter((answer) => answer.status !== 503 || answer.code !== 'service_unavailable')).toEqual([]);
    // One storage call, bounded by the timeout, decides each answer; the slack is for a busy machine.
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(STORAGE_TIMEOUT_MS + 1000);
    frozen.delayReplies(0);
    await proxy?.cut();
    proxy = undefined;
    await storedPets();
  });

  it('stores one pet per key while replies lag past the timeout and clients retry', async () => {
    const lagging = await startBehindProxy();
    lagging.delayReplies(STORAGE_TIMEOUT_MS * 1.5);
    const keys = 20;
    const statuses: number[] = [];
    const ids = await Promise.all(
      Array.from({ length: keys }, async (_, index) => {
        // A retry is the same request: the same key and the same pet, every time.
        const pet = JSON.stringify(aNewPet({ name: `Lagging ${index}` }));
        for (let attempt = 0; attempt < 100; attempt += 1) {
          if (attempt === 10) lagging.delayReplies(0);
          const response = await api!.request('/v1/pets', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `lag-${index}` },
            body: pet,
            signal: AbortSignal.timeout(ANSWER_WITHIN_MS * 2),
          });
          statuses.push(response.status);
          if (response.status === 201) return ((await response.json()) as { id: number }).id;
          await response.body?.cancel();
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error(`key lag-${index} never got its pet`);
      }),
    );
    expect(statuses.filter((status) => ![201, 409, 503].includes(status))).toEqual([]);
    expect(statuses.some((status) => status === 503)).toBe(true);
    expect(new Set(ids).size).toBe(keys);
    // Writes given up on may still be on their way; let them land before counting.
    await new Promise((resolve) => setTimeout(resolve, STORAGE_TIMEOUT_MS * 4));
    expect(await storedPets()).toBe(keys);
  });
});
