// The schema made at start, and brought up to date by a later release's steps, by any number of
// instances starting at once.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageUnavailable } from '@petstore/core';
import { MIGRATIONS, migrate } from '../src/schema.js';
import { openPool, postgresStorage } from '../src/postgres-storage.js';
import { postgresMissing, startCluster, type Cluster } from './support/cluster.js';

describe.skipIf(postgresMissing !== undefined)('the PostgreSQL schema', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster();
  }, 60_000);
  afterAll(() => cluster.remove());

  const settings = (schema: string) => ({ url: cluster.url, schema, poolSize: 2, timeoutMs: 5_000 });
  const versionOf = async (pool: pg.Pool) =>
    (await pool.query<{ version: number }>('SELECT version FROM petstore_schema')).rows;

  it('is made once however many instances start at once, in the schema the settings name', async () => {
    const pools = await Promise.all(Array.from({ length: 5 }, () => openPool(settings('crowd'))));
    try {
      expect(await versionOf(pools[0]!)).toEqual([{ version: MIGRATIONS.length }]);
      const { rows } = await pools[0]!.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'crowd' ORDER BY table_name",
      );
      expect(rows.map((row) => row.table_name)).toEqual(['idempotency_keys', 'pets', 'petstore_schema']);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it("takes a later release's steps on the next start, and only those", async () => {
    const pool = await openPool(settings('upgraded'));
    try {
      await pool.query("INSERT INTO pets (name, category_id) VALUES ('Kept', 1)");
      await migrate(pool, 'upgraded', [...MIGRATIONS, 'ALTER TABLE pets ADD COLUMN note text']);
      await migrate(pool, 'upgraded', [...MIGRATIONS, 'ALTER TABLE pets ADD COLUMN note text']);
      expect(await versionOf(pool)).toEqual([{ version: MIGRATIONS.length + 1 }]);
      expect((await pool.query('SELECT name, note FROM pets')).rows).toEqual([{ name: 'Kept', note: null }]);
    } finally {
      await pool.end();
    }
  });

  it('lets go of its pool at shutdown: nothing is served after close', async () => {
    const opened = await postgresStorage.open(settings('closed'), { retention: { ttlMs: 1000, leaseMs: 100 } });
    expect(await opened.pets.isReachable()).toBe(true);
    await opened.close();
    await expect(opened.pets.list({ limit: 1 })).rejects.toBeInstanceOf(StorageUnavailable);
    expect(await opened.pets.isReachable()).toBe(false);
  });

  it('refuses a start it cannot make, saying which setting to check and never quoting it', async () => {
    const refused = await postgresStorage
      .open(
        { ...settings('nowhere'), url: 'postgres://petstore:secret@127.0.0.1:1/postgres', timeoutMs: 500 },
        { retention: { ttlMs: 1000, leaseMs: 100 } },
      )
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    const explained = postgresStorage.explainFailure?.(refused);
    expect(explained).toBe('PostgreSQL is not reachable within POSTGRES_TIMEOUT_MS; check POSTGRES_URL and the server');
    expect(explained).not.toContain('secret');
  });
});
