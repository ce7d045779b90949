import type { MongoClient } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import { StorageUnavailable } from '../../../../core/errors.js';
import { createMongoClient } from '../../../../adapters/persistence/mongo/mongo-client.js';
import { MongoPetRepository } from '../../../../adapters/persistence/mongo/mongo-pet-repository.js';
import { expectError, startTestApi, type TestApi } from '../../../support/api-harness.js';
import { aNewPet } from '../../../support/builders.js';
import { mongoUri, noMongo } from '../../../support/mongo.js';
import { closedPort, TcpProxy } from '../../../support/tcp-proxy.js';

/** Requests must answer within this, or the test fails: a hang is the defect under test. */
const ANSWER_WITHIN_MS = 5000;
const STORAGE_TIMEOUT_MS = 500;

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
    api = await startTestApi({ repository: await repositoryAt(`mongodb://127.0.0.1:${await closedPort()}/?directConnection=true`) });
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
    api = await startTestApi({ repository: await repositoryAt(`mongodb://127.0.0.1:${proxy.port}/?directConnection=true`, database) });
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
