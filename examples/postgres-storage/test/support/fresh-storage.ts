import { randomBytes } from 'node:crypto';
import { IN_FLIGHT_LEASE_MS, type IdempotencyRetention } from '@petstore/core';
import { TcpProxy, type OutageFixture } from '@petstore/testing';
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
    timeoutMs = 10_000,
  }: { now?: () => number; retention?: IdempotencyRetention; timeoutMs?: number } = {},
) {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const pool = await openPool({ url, schema, poolSize: 20, timeoutMs });
  return {
    schema,
    pool,
    repository: new PostgresPetRepository(pool),
    idempotencyStore: new PostgresIdempotencyStore(pool, retention, { now }),
    dispose: async () => {
      await pool.end();
      await dropSchema(url, schema);
    },
  };
}

/** The bound of each call in the outage fixture: POSTGRES_TIMEOUT_MS's lowest value. */
const OUTAGE_TIMEOUT_MS = 500;

/**
 * Both stores reached through a relay to the cluster, which the outage contract cuts (connections
 * dropped and refused), stalls (nothing answered) and restores.
 */
export async function storageBehindRelay(url: string): Promise<OutageFixture> {
  const direct = new URL(url);
  const relay = new TcpProxy(direct.hostname, Number(direct.port));
  await relay.start();
  const relayed = new URL(url);
  relayed.port = String(relay.port);
  const storage = await freshStorage(relayed.href, { timeoutMs: OUTAGE_TIMEOUT_MS });
  const outage = relay.outage(OUTAGE_TIMEOUT_MS);
  return {
    repository: storage.repository,
    idempotencyStore: storage.idempotencyStore,
    outage: {
      ...outage,
      refuseWrites: () => setReadOnly(url, true),
      restore: async () => {
        await setReadOnly(url, false);
        await outage.restore();
      },
    },
    dispose: async () => {
      await storage.pool.end();
      await relay.cut();
      await dropSchema(url, storage.schema);
    },
  };
}

/**
 * The cluster made to take no writes, as a standby or a full disk leaves it: every transaction read-only
 * (SQLSTATE 25006 for a write). The setting reaches the sessions open already on the configuration's
 * reload; it has once a new session sees it, since the server signals them all before it forks another.
 */
async function setReadOnly(url: string, readOnly: boolean): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('SET default_transaction_read_only = off');
    await admin.query(
      `ALTER SYSTEM ${readOnly ? 'SET default_transaction_read_only = on' : 'RESET default_transaction_read_only'}`,
    );
    await admin.query('SELECT pg_reload_conf()');
  } finally {
    await admin.end();
  }
  for (;;) {
    const probe = new pg.Client({ connectionString: url });
    await probe.connect();
    const { rows } = await probe.query<{ setting: string }>(
      "SELECT current_setting('default_transaction_read_only') AS setting",
    );
    await probe.end();
    if (rows[0]?.setting === (readOnly ? 'on' : 'off')) return;
  }
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.end();
}
