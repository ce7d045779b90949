import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../adapters/persistence/in-memory/memory-storage.js';
import { mongoStorage } from '../../adapters/persistence/mongo/mongo-storage.js';
import { sqliteStorage } from '../../adapters/persistence/sqlite/sqlite-storage.js';
import type { StorageAdapter } from '../../adapters/settings/storage-adapter.js';
import { ConfigError, loadConfig } from '../../app/host/config.js';

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      storage: { adapter: sqliteStorage, settings: { SQLITE_PATH: 'data/petstore.db', SQLITE_SYNCHRONOUS: 'normal' } },
      apiKeys: [],
      apiKeyDigests: [],
      bodyLimitBytes: 1024 * 1024,
      idempotency: { ttlMs: 24 * 60 * 60 * 1000 },
      rateLimit: { limit: 6000, windowMs: 60_000 },
      metrics: true,
      metricsPort: undefined,
      publicBaseUrl: undefined,
      stagingBaseUrl: undefined,
      corsOrigins: [],
      trustedProxy: undefined,
      logLevel: 'info',
      logFormat: 'json',
      production: false,
      shutdownGraceMs: 5_000,
      shutdownTimeoutMs: 10_000,
    });
  });

  it('reads every variable', () => {
    const digest = 'a'.repeat(64);
    expect(
      loadConfig({
        PORT: '9000',
        HOST: '0.0.0.0',
        STORAGE: 'memory',
        API_KEYS: 'one, two,,three',
        API_KEY_DIGESTS: `${digest},${'B'.repeat(64)}`,
        BODY_LIMIT: '512kb',
        IDEMPOTENCY_TTL: '90m',
        IDEMPOTENCY_MAX_KEYS: '500',
        RATE_LIMIT: '120',
        RATE_LIMIT_WINDOW: '2h',
        RATE_LIMIT_STORE: 'rediss://:secret@redis.internal:6380/2',
        METRICS_PORT: '9100',
        PUBLIC_BASE_URL: 'https://api.example.com/v1',
        STAGING_BASE_URL: 'http://staging.example.com:8080/petstore/v1',
        CORS_ORIGINS: 'https://app.example.com, http://localhost:3000',
        TRUST_PROXY: '10.0.0.0/8, fd00::/8,loopback',
        TRUST_PROXY_HEADER: 'Forwarded',
        LOG_LEVEL: 'debug',
        NODE_ENV: 'production',
        LOG_FORMAT: 'pretty',
        SHUTDOWN_GRACE: '0s',
        SHUTDOWN_TIMEOUT: '2m',
      }),
    ).toEqual({
      port: 9000,
      host: '0.0.0.0',
      storage: { adapter: memoryStorage, settings: { IDEMPOTENCY_MAX_KEYS: 500 } },
      apiKeys: ['one', 'two', 'three'],
      apiKeyDigests: [digest, 'B'.repeat(64)],
      bodyLimitBytes: 512 * 1024,
      idempotency: { ttlMs: 90 * 60 * 1000 },
      rateLimit: { limit: 120, windowMs: 2 * 60 * 60 * 1000 },
      rateLimitStore: 'rediss://:secret@redis.internal:6380/2',
      metrics: true,
      metricsPort: 9100,
      publicBaseUrl: 'https://api.example.com/v1',
      stagingBaseUrl: 'http://staging.example.com:8080/petstore/v1',
      corsOrigins: ['https://app.example.com', 'http://localhost:3000'],
      trustedProxy: { ranges: ['10.0.0.0/8', 'fd00::/8', 'loopback'], header: 'forwarded' },
      logLevel: 'debug',
      logFormat: 'pretty',
      production: true,
      shutdownGraceMs: 0,
      shutdownTimeoutMs: 120_000,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', LOG_LEVEL: '' })).toMatchObject({ port: 8080, logLevel: 'info' });
  });

  it('reads BODY_LIMIT in bytes or with a unit', () => {
    expect(loadConfig({ BODY_LIMIT: '2048' }).bodyLimitBytes).toBe(2048);
    expect(loadConfig({ BODY_LIMIT: '2mb' }).bodyLimitBytes).toBe(2 * 1024 * 1024);
  });

  it('reads IDEMPOTENCY_TTL in any unit, in whole seconds from 1s to 30d', () => {
    expect(loadConfig({ IDEMPOTENCY_TTL: '1s' }).idempotency.ttlMs).toBe(1000);
    expect(loadConfig({ IDEMPOTENCY_TTL: '30d' }).idempotency.ttlMs).toBe(30 * 86_400_000);
    expect(loadConfig({ IDEMPOTENCY_TTL: '2 hours' }).idempotency.ttlMs).toBe(7_200_000);
    expect(loadConfig({ IDEMPOTENCY_TTL: '1.5m' }).idempotency.ttlMs).toBe(90_000);
    expect(configError({ IDEMPOTENCY_TTL: '1.5s' })).toContain('in whole seconds');
  });

  it('reads SHUTDOWN_GRACE from 0s (no grace) to 10m, and SHUTDOWN_TIMEOUT from 1s to 10m', () => {
    expect(loadConfig({ SHUTDOWN_GRACE: '0s', SHUTDOWN_TIMEOUT: '1s' })).toMatchObject({
      shutdownGraceMs: 0,
      shutdownTimeoutMs: 1000,
    });
    expect(loadConfig({ SHUTDOWN_GRACE: '10m', SHUTDOWN_TIMEOUT: '10m' })).toMatchObject({
      shutdownGraceMs: 600_000,
      shutdownTimeoutMs: 600_000,
    });
  });

  it('accepts port 0 (any free port) and 65535', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    expect(loadConfig({ PORT: '65535' }).port).toBe(65535);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number from 0 to 65535'],
    [{ PORT: '65536' }, 'PORT must be a whole number from 0 to 65535'],
    [{ PORT: '-1' }, 'PORT must be a whole number from 0 to 65535'],
    [{ HOST: '   ' }, 'HOST must be a host name or address'],
    [{ STORAGE: 'postgres' }, 'STORAGE must be one of sqlite, memory, mongo'],
    [{ SQLITE_SYNCHRONOUS: 'off' }, 'SQLITE_SYNCHRONOUS must be one of normal, full'],
    [{ SQLITE_PATH: ' ' }, 'SQLITE_PATH must be a file path'],
    [{ STORAGE: 'mongo' }, 'MONGODB_URI must be set when STORAGE=mongo'],
    [
      { STORAGE: 'mongo', MONGODB_URI: 'http://db:27017' },
      'MONGODB_URI must be a mongodb:// or mongodb+srv:// connection string',
    ],
    [
      { STORAGE: 'mongo', MONGODB_URI: 'mongodb://db', MONGODB_DB: 'a.b' },
      'MONGODB_DB must be a MongoDB database name',
    ],
    [
      { STORAGE: 'mongo', MONGODB_URI: 'mongodb://db', MONGODB_TIMEOUT_MS: '50' },
      'MONGODB_TIMEOUT_MS must be a whole number of milliseconds from 100 to 60000',
    ],
    [
      { STORAGE: 'mongo', MONGODB_URI: 'mongodb://db', MONGODB_TIMEOUT_MS: 'soon' },
      'MONGODB_TIMEOUT_MS must be a whole number of milliseconds from 100 to 60000',
    ],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ BODY_LIMIT: 'huge' }, 'BODY_LIMIT must be a size such as 1048576, 512kb or 1mb'],
    [{ BODY_LIMIT: '0' }, 'BODY_LIMIT must be a size such as 1048576, 512kb or 1mb'],
    [{ API_KEYS: 'good,has space' }, 'API_KEYS must be comma-separated keys of letters, digits and -._~+/'],
    [{ API_KEY_DIGESTS: 'abc' }, 'API_KEY_DIGESTS must be comma-separated SHA-256 digests, 64 hex digits each'],
    [
      { PUBLIC_BASE_URL: 'https://api.example.com' },
      'PUBLIC_BASE_URL must be an http(s) address ending in /v1, without credentials, such as https://api.example.com/v1',
    ],
    [
      { PUBLIC_BASE_URL: 'https://api.example.com/v1/' },
      'PUBLIC_BASE_URL must be an http(s) address ending in /v1, without credentials, such as https://api.example.com/v1',
    ],
    [
      { PUBLIC_BASE_URL: 'https://api.example.com/v1?x=1/v1' },
      'PUBLIC_BASE_URL must be an http(s) address ending in /v1, without credentials, such as https://api.example.com/v1',
    ],
    [
      { PUBLIC_BASE_URL: 'ftp://api.example.com/v1' },
      'PUBLIC_BASE_URL must be an http(s) address ending in /v1, without credentials, such as https://api.example.com/v1',
    ],
    [
      { PUBLIC_BASE_URL: '/v1' },
      'PUBLIC_BASE_URL must be an http(s) address ending in /v1, without credentials, such as https://api.example.com/v1',
    ],
    [
      { STAGING_BASE_URL: 'https://user:secret@staging.example.com/v1' },
      'STAGING_BASE_URL must be an http(s) address ending in /v1, without credentials, such as https://api.example.com/v1',
    ],
    [
      { STAGING_BASE_URL: 'https://:secret@staging.example.com/v1' },
      'STAGING_BASE_URL must be an http(s) address ending in /v1, without credentials, such as https://api.example.com/v1',
    ],
    [
      { CORS_ORIGINS: 'https://app.example.com/' },
      'CORS_ORIGINS must be comma-separated origins such as https://app.example.com',
    ],
    [
      { IDEMPOTENCY_TTL: '86400' },
      'IDEMPOTENCY_TTL must be a duration in whole seconds with its unit, such as 24h, 90m or 3600s, from 1s to 30d',
    ],
    [
      { IDEMPOTENCY_TTL: 'soon' },
      'IDEMPOTENCY_TTL must be a duration in whole seconds with its unit, such as 24h, 90m or 3600s, from 1s to 30d',
    ],
    [
      { IDEMPOTENCY_TTL: '999ms' },
      'IDEMPOTENCY_TTL must be a duration in whole seconds with its unit, such as 24h, 90m or 3600s, from 1s to 30d',
    ],
    [
      { IDEMPOTENCY_TTL: '31d' },
      'IDEMPOTENCY_TTL must be a duration in whole seconds with its unit, such as 24h, 90m or 3600s, from 1s to 30d',
    ],
    [
      { IDEMPOTENCY_TTL: '0.5s' },
      'IDEMPOTENCY_TTL must be a duration in whole seconds with its unit, such as 24h, 90m or 3600s, from 1s to 30d',
    ],
    [
      { STORAGE: 'memory', IDEMPOTENCY_MAX_KEYS: '0' },
      'IDEMPOTENCY_MAX_KEYS must be a whole number from 1 to 10000000',
    ],
    [{ RATE_LIMIT: '-1' }, 'RATE_LIMIT must be a whole number of requests from 0 to 1000000000'],
    [{ RATE_LIMIT: '1e3' }, 'RATE_LIMIT must be a whole number of requests from 0 to 1000000000'],
    [
      { RATE_LIMIT_WINDOW: '60' },
      'RATE_LIMIT_WINDOW must be a duration in whole seconds with its unit, such as 1m, 60s or 1h, from 1s to 30d',
    ],
    [
      { RATE_LIMIT_STORE: 'http://:secret-password@redis.internal:6379' },
      'RATE_LIMIT_STORE must be a redis:// or rediss:// URL, such as redis://:password@redis.internal:6379',
    ],
    [
      { RATE_LIMIT_STORE: 'secret-password' },
      'RATE_LIMIT_STORE must be a redis:// or rediss:// URL, such as redis://:password@redis.internal:6379',
    ],
    [
      { RATE_LIMIT_WINDOW: '1500ms' },
      'RATE_LIMIT_WINDOW must be a duration in whole seconds with its unit, such as 1m, 60s or 1h, from 1s to 30d',
    ],
    [
      { SHUTDOWN_GRACE: '5' },
      'SHUTDOWN_GRACE must be a duration in whole seconds with its unit, such as 5s, 30s or 1m, from 0s to 10m',
    ],
    [
      { SHUTDOWN_GRACE: '11m' },
      'SHUTDOWN_GRACE must be a duration in whole seconds with its unit, such as 5s, 30s or 1m, from 0s to 10m',
    ],
    [
      { SHUTDOWN_GRACE: '-1s' },
      'SHUTDOWN_GRACE must be a duration in whole seconds with its unit, such as 5s, 30s or 1m, from 0s to 10m',
    ],
    [
      { SHUTDOWN_TIMEOUT: '0s' },
      'SHUTDOWN_TIMEOUT must be a duration in whole seconds with its unit, such as 10s, 30s or 1m, from 1s to 10m',
    ],
    [
      { SHUTDOWN_TIMEOUT: '601s' },
      'SHUTDOWN_TIMEOUT must be a duration in whole seconds with its unit, such as 10s, 30s or 1m, from 1s to 10m',
    ],
    [{ METRICS: 'no' }, 'METRICS must be on or off'],
    [{ METRICS_PORT: '65536' }, 'METRICS_PORT must be a whole number from 0 to 65535'],
    [{ METRICS_PORT: '8080' }, 'METRICS_PORT must differ from PORT: unset it to serve /metrics on the API port'],
    [
      { PORT: '9000', METRICS_PORT: '9000' },
      'METRICS_PORT must differ from PORT: unset it to serve /metrics on the API port',
    ],
    [{ CORS_ORIGINS: '*' }, 'CORS_ORIGINS must be comma-separated origins such as https://app.example.com'],
    [
      { TRUST_PROXY: '10.0.0.0/33' },
      'TRUST_PROXY must be comma-separated addresses or CIDR ranges (10.0.0.0/8, fd00::/8), or loopback, linklocal, uniquelocal',
    ],
    [
      { TRUST_PROXY: 'loopback, proxy.internal' },
      'TRUST_PROXY must be comma-separated addresses or CIDR ranges (10.0.0.0/8, fd00::/8), or loopback, linklocal, uniquelocal',
    ],
    [{ TRUST_PROXY_HEADER: 'X-Real-IP' }, 'TRUST_PROXY_HEADER must be one of x-forwarded-for, forwarded'],
  ])('stops on %j with one line naming the variable', (env, message) => {
    expect(configError(env)).toBe(message);
  });

  it('reads where SQLite keeps its file, and how durably it commits', () => {
    expect(loadConfig({ SQLITE_PATH: '/var/lib/petstore/pets.db', SQLITE_SYNCHRONOUS: 'full' }).storage).toEqual({
      adapter: sqliteStorage,
      settings: { SQLITE_PATH: '/var/lib/petstore/pets.db', SQLITE_SYNCHRONOUS: 'full' },
    });
  });

  it('trusts no proxy until TRUST_PROXY names one, and reads X-Forwarded-For from those it names unless told otherwise', () => {
    expect(loadConfig({ TRUST_PROXY: ' , ', TRUST_PROXY_HEADER: 'forwarded' }).trustedProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '192.0.2.10' }).trustedProxy).toEqual({
      ranges: ['192.0.2.10'],
      header: 'x-forwarded-for',
    });
  });

  it('turns the rate limit off with RATE_LIMIT=0', () => {
    expect(loadConfig({ RATE_LIMIT: '0' }).rateLimit).toBeUndefined();
    expect(loadConfig({ RATE_LIMIT: '1', RATE_LIMIT_WINDOW: '1s' }).rateLimit).toEqual({ limit: 1, windowMs: 1000 });
  });

  it('turns metrics off with METRICS=off', () => {
    expect(loadConfig({ METRICS: 'off' }).metrics).toBe(false);
  });

  it('lets both servers pick a free port when both ports are 0', () => {
    expect(loadConfig({ PORT: '0', METRICS_PORT: '0' })).toMatchObject({ port: 0, metricsPort: 0 });
  });

  it('never echoes the value of a bad variable', () => {
    expect(configError({ API_KEYS: 'secret value' })).not.toContain('secret');
    expect(configError({ STORAGE: 'mongo', MONGODB_URI: 'mongo://user:secret@db' })).not.toContain('secret');
  });

  it('selects MongoDB storage with its URI, database and timeout', () => {
    expect(loadConfig({ STORAGE: 'mongo', MONGODB_URI: 'mongodb+srv://u:p@cluster.example/' }).storage).toEqual({
      adapter: mongoStorage,
      settings: { uri: 'mongodb+srv://u:p@cluster.example/', database: 'petstore', timeoutMs: 2000 },
    });
    expect(
      loadConfig({ STORAGE: 'mongo', MONGODB_URI: 'mongodb://db:27017', MONGODB_DB: 'shop', MONGODB_TIMEOUT_MS: '750' })
        .storage,
    ).toEqual({
      adapter: mongoStorage,
      settings: { uri: 'mongodb://db:27017', database: 'shop', timeoutMs: 750 },
    });
  });

  it('reads only the settings of the storage STORAGE names', () => {
    expect(
      loadConfig({ STORAGE: 'memory', MONGODB_URI: 'http://not-mongo', SQLITE_SYNCHRONOUS: 'off' }).storage,
    ).toEqual({
      adapter: memoryStorage,
      settings: { IDEMPOTENCY_MAX_KEYS: 10_000 },
    });
    expect(loadConfig({ MONGODB_TIMEOUT_MS: 'soon', IDEMPOTENCY_MAX_KEYS: '0' }).storage.adapter).toBe(sqliteStorage);
  });

  it("runs on a host's own storage in place of STORAGE's, reading the settings it reads and stopping on its refusal", () => {
    const own: StorageAdapter<{ url: string }> = {
      name: 'own',
      summary: 'a server of its own',
      settings: [{ name: 'OWN_URL', meaning: 'where it is' }],
      readSettings: (env) => {
        if (env.OWN_URL === undefined) throw new ConfigError('OWN_URL must be set');
        return { url: env.OWN_URL };
      },
      open: () => Promise.reject(new Error('not opened here')),
    };
    expect(loadConfig({ STORAGE: 'memory', OWN_URL: 'own://db' }, { storage: own }).storage).toEqual({
      adapter: own,
      settings: { url: 'own://db' },
    });
    expect(() => loadConfig({}, { storage: own })).toThrow(new ConfigError('OWN_URL must be set'));
  });
});
