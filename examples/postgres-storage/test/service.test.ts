// The whole service over PostgreSQL through `petstore/service`, used over HTTP as a client would:
// and the database stopped under it, then back, without the service restarting.
import { startService, type RunningService } from 'petstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresStorage } from '../src/postgres-storage.js';
import { postgresMissing, startCluster, type Cluster } from './support/cluster.js';

const KEY = 'example-key';
const headers = { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' };

describe.skipIf(postgresMissing !== undefined)('the service on PostgreSQL', () => {
  let cluster: Cluster;
  let service: RunningService;
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${service.url}/v1${path}`, { ...init, headers: { ...headers, ...init.headers } });
  const create = (name: string, key?: string) =>
    api('/pets', {
      method: 'POST',
      body: JSON.stringify({ name, categoryId: 1 }),
      headers: key === undefined ? {} : { 'Idempotency-Key': key },
    });

  beforeAll(async () => {
    cluster = await startCluster();
    service = await startService({
      settings: {
        PORT: '0',
        API_KEYS: KEY,
        RATE_LIMIT: '0',
        POSTGRES_URL: cluster.url,
        POSTGRES_SCHEMA: 'catalogue',
        POSTGRES_TIMEOUT_MS: '1000',
      },
      storage: postgresStorage,
      logger: false,
    });
  }, 60_000);
  afterAll(async () => {
    await service.close(0);
    cluster.remove();
  });

  it('creates a pet, and answers a keyed retry with the same pet, replayed', async () => {
    const created = await create('Rex', 'order-1');
    expect(created.status).toBe(201);
    const pet = await created.json();
    expect(pet).toEqual({ id: 1, name: 'Rex', categoryId: 1 });
    const retried = await create('Rex', 'order-1');
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(await retried.json()).toEqual(pet);
  });

  it('pages the catalogue in id order, each page linking the next', async () => {
    for (const name of ['Max', 'Bella']) expect((await create(name)).status).toBe(201);
    const first = await api('/pets?limit=2');
    expect(first.status).toBe(200);
    expect(((await first.json()) as { name: string }[]).map((pet) => pet.name)).toEqual(['Rex', 'Max']);
    const next = /<([^>]+)>;\s*rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toBeDefined();
    const second = await fetch(new URL(next!, service.url), { headers });
    expect(((await second.json()) as { name: string }[]).map((pet) => pet.name)).toEqual(['Bella']);
    expect(second.headers.get('link') ?? '').not.toContain('rel="next"');
  });

  it('gets a pet by id, and answers 404 for an id nobody has', async () => {
    const found = await api('/pets/2');
    expect(found.status).toBe(200);
    expect(await found.json()).toEqual({ id: 2, name: 'Max', categoryId: 1 });
    const missing = await api('/pets/999');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('answers 503 while the database is down, within its timeout, and serves again once it is back, without a restart', async () => {
    cluster.stop();
    const stoppedAt = performance.now();
    const down = await api('/pets');
    const downMs = performance.now() - stoppedAt;
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ code: 'service_unavailable', status: 503 });
    expect((await fetch(`${service.url}/readyz`)).status).toBe(503);
    // Within the timeout and a margin: a stopped server refuses at once, a silent one takes the whole timeout.
    expect(downMs).toBeLessThan(5_000);

    const startedAt = performance.now();
    cluster.start();
    let back: Response | undefined;
    while (performance.now() - startedAt < 20_000) {
      back = await api('/pets?limit=1');
      if (back.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(back?.status).toBe(200);
    console.log(
      `503 after ${Math.round(downMs)} ms; serving again ${Math.round(performance.now() - startedAt)} ms after the database was started again`,
    );
    expect((await create('After the outage')).status).toBe(201);
  });
});
