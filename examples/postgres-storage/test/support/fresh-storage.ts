import { randomBytes } from 'node:crypto';
import { IN_FLIGHT_LEASE_MS, type IdempotencyRetention } from 'petstore';
import pg from 'pg';
import { PostgresIdempotencyStore } from '../../src/postgres-idempotency-store.js';
import { PostgresPetRepository } from '../../src/postgres-pet-repository.js';
import { openPool } from '../../src/postgres-storage.js';

/** Both stores over a schema of their own in the cluster, dropped with everything in it on dispose. */
export async function freshStorage(
  url: string,
  {
    now,
    retention = { ttlMs: 86_400_000, leaseMs: IN_FLIGHT_LEASE_MS },
  }: { now?: () => number; retention?: IdempotencyRetention } = {},
) {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const pool = await openPool({ url, schema, poolSize: 20, timeoutMs: 10_000 });
  return {
    schema,
    pool,
    repository: new PostgresPetRepository(pool),
    idempotencyStore: new PostgresIdempotencyStore(pool, retention, { now }),
    dispose: async () => {
      await pool.end();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}
