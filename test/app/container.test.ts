import type { Logger } from 'pino';
import type Koa from 'koa';
import { MongoClient } from 'mongodb';
import type { DatabaseSync } from 'node:sqlite';
import { StorageUnavailable } from '../../core/errors.js';
import { describe, expect, it, vi } from 'vitest';
import { InMemoryIdempotencyStore } from '../../adapters/persistence/in-memory/in-memory-idempotency-store.js';
import { InMemoryPetRepository } from '../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { openSqliteDatabase } from '../../adapters/persistence/sqlite/sqlite-database.js';
import { SqliteIdempotencyStore } from '../../adapters/persistence/sqlite/sqlite-idempotency-store.js';
import { SqlitePetRepository } from '../../adapters/persistence/sqlite/sqlite-pet-repository.js';
import { StaticKeyAuthenticator } from '../../adapters/auth/static-key-authenticator.js';
import { resolveApiKeys } from '../../app/api-keys.js';
import { loadConfig } from '../../app/config.js';
import { createContainer } from '../../app/container.js';
import { listen } from '../../app/http-server.js';
import { createLogger } from '../../app/logging/logger.js';
import { TOKENS } from '../../app/tokens.js';
import { fetchDocumented } from '../support/openapi-check.js';
import { SQLITE_DEFAULTS, sqliteFolder } from '../support/sqlite.js';

describe('the composition root', () => {
  const config = loadConfig({ API_KEYS: 'container-key', LOG_LEVEL: 'silent', STORAGE: 'memory' });
  const container = () => createContainer(config, createLogger(config), resolveApiKeys(config));

  it('wires the in-memory repository with STORAGE=memory, one instance shared by all', () => {
    const wired = container();
    expect(wired.get(TOKENS.PetRepository)).toBeInstanceOf(InMemoryPetRepository);
    expect(wired.get(TOKENS.PetRepository)).toBe(wired.get(TOKENS.PetRepository));
    expect(wired.get(TOKENS.Authenticator)).toBeInstanceOf(StaticKeyAuthenticator);
    expect(wired.get(TOKENS.IdempotencyStore)).toBeInstanceOf(InMemoryIdempotencyStore);
  });

  it('wires SQLite by default, on SQLITE_PATH, one file for both stores, closed when the container is unbound', async () => {
    const folder = sqliteFolder();
    try {
      const sqliteConfig = loadConfig({ API_KEYS: 'k', LOG_LEVEL: 'silent', SQLITE_PATH: folder.path('nested/pets.db') });
      const wired = createContainer(sqliteConfig, createLogger(sqliteConfig), resolveApiKeys(sqliteConfig));
      const pets = await wired.getAsync<SqlitePetRepository>(TOKENS.PetRepository);
      expect(pets).toBeInstanceOf(SqlitePetRepository);
      expect(await wired.getAsync(TOKENS.IdempotencyStore)).toBeInstanceOf(SqliteIdempotencyStore);
      expect(await wired.getAsync(TOKENS.PetRestore)).toBe(pets);
      const rex = await pets.add({ name: 'Rex', categoryId: 1 });
      const db = await wired.getAsync<DatabaseSync>(TOKENS.SqliteDatabase);
      await wired.unbindAllAsync();
      expect(db.isOpen).toBe(false);
      const reopened = openSqliteDatabase(folder.path('nested/pets.db'), SQLITE_DEFAULTS);
      expect(await new SqlitePetRepository(reopened).findById(rex.id)).toEqual(rex);
      reopened.close();
    } finally {
      folder.remove();
    }
  });

  it("offers the command line's restore on the very repository the use cases read", () => {
    const wired = container();
    expect(wired.get(TOKENS.PetRestore)).toBe(wired.get(TOKENS.PetRepository));
  });

  it('bounds the in-memory idempotency store by IDEMPOTENCY_MAX_KEYS', async () => {
    const bounded = loadConfig({ API_KEYS: 'k', LOG_LEVEL: 'silent', STORAGE: 'memory', IDEMPOTENCY_MAX_KEYS: '2' });
    const store = createContainer(bounded, createLogger(bounded), resolveApiKeys(bounded)).get<InMemoryIdempotencyStore>(TOKENS.IdempotencyStore);
    for (const key of ['a', 'b', 'c']) await store.claim({ client: 'c', key }, 'fp');
    // Two keys are kept: the newest two are still in flight, the oldest was forgotten and is free again.
    expect((await store.claim({ client: 'c', key: 'c' }, 'fp')).state).toBe('in_flight');
    expect((await store.claim({ client: 'c', key: 'a' }, 'fp')).state).toBe('claimed');
  });

  const mongoContainer = () => {
    const mongoConfig = loadConfig({
      STORAGE: 'mongo',
      MONGODB_URI: 'mongodb://127.0.0.1:1/?directConnection=true',
      MONGODB_TIMEOUT_MS: '200',
      API_KEYS: 'k',
      LOG_LEVEL: 'silent',
    });
    return createContainer(mongoConfig, createLogger(mongoConfig), resolveApiKeys(mongoConfig));
  };

  it('wires MongoDB storage when STORAGE=mongo, preparing its indexes before first use', async () => {
    // Nothing listens on port 1: resolving the repository tries its indexes and reports the outage.
    await expect(mongoContainer().getAsync(TOKENS.PetRepository)).rejects.toBeInstanceOf(StorageUnavailable);
    await expect(mongoContainer().getAsync(TOKENS.PetRestore)).rejects.toBeInstanceOf(StorageUnavailable);
    await expect(mongoContainer().getAsync(TOKENS.IdempotencyStore)).rejects.toBeInstanceOf(StorageUnavailable);
  });

  it('closes the MongoDB client when the container is unbound at shutdown', async () => {
    const wired = mongoContainer();
    const client = await wired.getAsync<MongoClient>(TOKENS.MongoClient);
    expect(client).toBeInstanceOf(MongoClient);
    const close = vi.spyOn(client, 'close');
    await wired.unbindAllAsync();
    expect(close).toHaveBeenCalledOnce();
  });

  it('builds an app where a pet created through the API can be read back', async () => {
    const wired = container();
    const running = await listen(await wired.getAsync<Koa>(TOKENS.HttpApp), { port: 0, host: '127.0.0.1', logger: wired.get<Logger>(TOKENS.Logger) });
    try {
      const base = `http://127.0.0.1:${running.address.port}/v1/pets`;
      const headers = { Authorization: 'Bearer container-key', 'Content-Type': 'application/json' };
      const created = await fetchDocumented(base, { method: 'POST', headers, body: JSON.stringify({ name: 'Wired', categoryId: 1 }) });
      expect(created.status).toBe(201);
      const listed = await fetchDocumented(base, { headers });
      expect(await listed.json()).toEqual([{ id: 1, name: 'Wired', categoryId: 1 }]);
    } finally {
      await running.close(0);
    }
  });

  it('publishes the configured base addresses and allows the configured browser origins', async () => {
    const configured = loadConfig({
      API_KEYS: 'k',
      LOG_LEVEL: 'silent',
      STORAGE: 'memory',
      PUBLIC_BASE_URL: 'https://api.example.com/v1',
      STAGING_BASE_URL: 'https://staging.example.com/v1',
      CORS_ORIGINS: 'https://app.example.com',
    });
    const logger = createLogger(configured);
    const app = await createContainer(configured, logger, resolveApiKeys(configured)).getAsync<Koa>(TOKENS.HttpApp);
    const running = await listen(app, { port: 0, host: '127.0.0.1', logger });
    try {
      const base = `http://127.0.0.1:${running.address.port}`;
      const document = (await (await fetch(`${base}/openapi.json`)).json()) as { servers: unknown };
      expect(document.servers).toEqual([
        { url: 'https://api.example.com/v1', description: 'Production' },
        { url: 'https://staging.example.com/v1', description: 'Staging' },
      ]);
      const fromApp = await fetch(`${base}/healthz`, { headers: { Origin: 'https://app.example.com' } });
      expect(fromApp.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    } finally {
      await running.close(0);
    }
  });
});
