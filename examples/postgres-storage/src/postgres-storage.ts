import { ConfigError, type OpenedStorage, type StorageAdapter } from 'petstore';
import pg from 'pg';
import { PostgresIdempotencyStore } from './postgres-idempotency-store.js';
import { PostgresPetRepository } from './postgres-pet-repository.js';
import { migrate } from './schema.js';
import { isStorageUnavailable } from './storage-errors.js';

export interface PostgresSettings {
  /** May hold a password: never logged or echoed. */
  readonly url: string;
  /** The schema the tables live in; made when missing. */
  readonly schema: string;
  /** The most connections one instance holds. */
  readonly poolSize: number;
  /** The most a connection, or any one statement, may take; past it the request gets a 503. */
  readonly timeoutMs: number;
}

/** bigint columns (ids, times) as numbers: every one of them is a safe integer. */
const INT8 = 20;
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === INT8 ? Number : pg.types.getTypeParser(oid, format),
};

/** A whole number from `min` to `max`, or the setting is refused by name. */
function wholeNumber(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= min && value <= max)) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}`);
  return value;
}

/** Pets and idempotency keys in a PostgreSQL database, shared by every instance on it. */
export const postgresStorage: StorageAdapter<PostgresSettings> = {
  name: 'postgres',
  summary: 'a PostgreSQL server',
  dbSystem: 'postgresql',
  settings: [
    { name: 'POSTGRES_URL', meaning: 'required: a `postgres://` connection string (never logged)' },
    { name: 'POSTGRES_SCHEMA', fallback: 'public', meaning: 'the schema of the tables, made when missing' },
    { name: 'POSTGRES_POOL_SIZE', fallback: '10', meaning: 'the most connections an instance holds (1..1000)' },
    {
      name: 'POSTGRES_TIMEOUT_MS',
      fallback: '2000',
      meaning: 'the most a connection or a statement may take (100..60000); past it the request gets a 503',
    },
  ],
  readSettings(env) {
    const url = env.POSTGRES_URL;
    if (url === undefined || url === '') throw new ConfigError('POSTGRES_URL must be set');
    if (!/^postgres(ql)?:\/\/\S+$/.test(url))
      throw new ConfigError('POSTGRES_URL must be a postgres:// or postgresql:// connection string');
    const schema = env.POSTGRES_SCHEMA || 'public';
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema))
      throw new ConfigError('POSTGRES_SCHEMA must be a lower-case name of letters, digits and _');
    return {
      url,
      schema,
      poolSize: wholeNumber(env, 'POSTGRES_POOL_SIZE', 10, 1, 1000),
      timeoutMs: wholeNumber(env, 'POSTGRES_TIMEOUT_MS', 2000, 100, 60_000),
    };
  },
  async open(settings, { retention }): Promise<OpenedStorage> {
    const pool = await openPool(settings);
    return {
      pets: new PostgresPetRepository(pool),
      idempotency: new PostgresIdempotencyStore(pool, retention),
      close: () => pool.end(),
    };
  },
  explainFailure(error) {
    if (isStorageUnavailable(error))
      return 'PostgreSQL is not reachable within POSTGRES_TIMEOUT_MS; check POSTGRES_URL and the server';
    // The driver's words may quote the connection string, password included.
    if (error instanceof Error && 'code' in error)
      return `POSTGRES_URL cannot be used (SQLSTATE ${String(error.code)}); check it`;
    return undefined;
  },
};

/** A pool on the settings, its schema created or brought up to date; nothing is left open when that fails. */
export async function openPool({ url, schema, poolSize, timeoutMs }: PostgresSettings): Promise<pg.Pool> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: timeoutMs,
    // Bounded on both sides: the server cancels a statement past it, and the client stops waiting for
    // an answer that never comes (a server gone silent). A write so cut may still have landed.
    statement_timeout: timeoutMs,
    lock_timeout: timeoutMs,
    query_timeout: timeoutMs + 500,
    options: `-c search_path=${schema}`,
    types,
  });
  // An idle connection the server dropped is reported here; the pool replaces it on next use.
  pool.on('error', () => undefined);
  try {
    await migrate(pool, schema);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return pool;
}
