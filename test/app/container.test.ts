import { MongoClient } from 'mongodb';
import { StorageUnavailable } from '../../core/errors.js';
import { describe, expect, it, vi } from 'vitest';
import { InMemoryIdempotencyStore } from '../../adapters/persistence/in-memory/in-memory-idempotency-store.js';
import { InMemoryPetRepository } from '../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { openSqliteDatabase } from '../../adapters/persistence/sqlite/sqlite-database.js';
import { SqliteIdempotencyStore } from '../../adapters/persistence/sqlite/sqlite-idempotency-store.js';
import { SqlitePetRepository } from '../../adapters/persistence/sqlite/sqlite-pet-repository.js';
import { StaticKeyAuthenticator } from '../../adapters/auth/static-key-authenticator.js';
import { loadConfig } from '../../app/host/config.js';
import { composeService } from '../../app/host/compose-service.js';
import { createContainer } from '../../app/host/container.js';
import { listen } from '../../adapters/koa/server/http-server.js';
import { createLogger } from '../../adapters/logging/logger.js';
import { storageOfPorts } from '../../app/host/host-ports-storage.js';
import { memoryStorage } from '../../adapters/persistence/in-memory/memory-storage.js';
import { TOKENS, resolved } from '../../app/host/tokens.js';
import { composeHttpService } from '../../app/http-service.js';
import { httpModule, serviceLayers } from '../../app/service-module.js';
import { SERVICE_TOKENS } from '../../app/service-tokens.js';
import { fetchDocumented } from '../support/openapi-check.js';
import { SQLITE_DEFAULTS, sqliteFolder } from '../support/sqlite.js';

describe('the composition root', () => {
  const compose = (settings: Record<string, string>, storage?: Parameters<typeof loadConfig>[1]) => {
    const config = loadConfig({ API_KEYS: 'container-key', LOG_LEVEL: 'silent', ...settings }, storage);
    // Composed as the service composes itself, but nothing opened yet: each test resolves what it asks about.
    return serviceLayers(config, undefined).then((layers) =>
      createContainer({ config, logger: createLogger(config), keys: { keys: ['container-key'] }, layers }, [
        httpModule(undefined),
      ]),
    );
  };
  const container = () => compose({ STORAGE: 'memory' });

  it('opens the memory storage with STORAGE=memory, once, whatever asks for it', async () => {
    const wired = await container();
    const storage = await resolved(wired, TOKENS.OpenedStorage);
    expect(storage.pets).toBeInstanceOf(InMemoryPetRepository);
    expect(storage.idempotency).toBeInstanceOf(InMemoryIdempotencyStore);
    expect(await resolved(wired, TOKENS.OpenedStorage)).toBe(storage);
    expect(await resolved(wired, TOKENS.Authenticator)).toBeInstanceOf(StaticKeyAuthenticator);
  });

  it('opens SQLite by default, on SQLITE_PATH, one file for both stores, closed when the container is unbound', async () => {
    const folder = sqliteFolder();
    try {
      const wired = await compose({ SQLITE_PATH: folder.path('nested/pets.db') });
      const { pets, idempotency } = await resolved(wired, TOKENS.OpenedStorage);
      expect(pets).toBeInstanceOf(SqlitePetRepository);
      expect(idempotency).toBeInstanceOf(SqliteIdempotencyStore);
      const rex = await pets.add({ name: 'Rex', categoryId: 1 });
      await wired.unbindAllAsync();
      await expect(pets.findById(rex.id)).rejects.toThrow();
      const reopened = openSqliteDatabase(folder.path('nested/pets.db'), SQLITE_DEFAULTS);
      expect(await new SqlitePetRepository(reopened).findById(rex.id)).toEqual(rex);
      reopened.close();
    } finally {
      folder.remove();
    }
  });

  it('gives the use cases the opened ports measured, each call reaching the port', async () => {
    const wired = await container();
    const [opened, inUse] = [await resolved(wired, TOKENS.OpenedStorage), await resolved(wired, TOKENS.UseCaseStorage)];
    expect(inUse.pets).not.toBe(opened.pets);
    const rex = await inUse.pets.add({ name: 'Rex', categoryId: 1 });
    expect(await opened.pets.findById(rex.id)).toEqual(rex);
    const { text: metrics } = await (await resolved(wired, SERVICE_TOKENS.Metrics)).exposition();
    expect(metrics).toMatch(
      /petstore_storage_call_duration_seconds_count\{store="pets",method="add",outcome="ok"\} 1\n/,
    );
  });

  it('gives the use cases the opened ports themselves with METRICS=off', async () => {
    const wired = await compose({ STORAGE: 'memory', METRICS: 'off' });
    expect((await resolved(wired, TOKENS.UseCaseStorage)).pets).toBe(
      (await resolved(wired, TOKENS.OpenedStorage)).pets,
    );
  });

  it('tells the storage, as it opens it, whether its host only reads', async () => {
    const asked: (boolean | undefined)[] = [];
    const recording: typeof memoryStorage = {
      ...memoryStorage,
      open: (settings, context) => {
        asked.push(context.readOnly);
        return memoryStorage.open(settings, context);
      },
    };
    const config = loadConfig({ LOG_LEVEL: 'silent' }, { storage: recording });
    for (const readOnly of [true, false, undefined]) {
      const { container: wired } = await composeService({
        config,
        logger: createLogger(config),
        readOnly,
      });
      await wired.unbindAllAsync();
    }
    expect(asked).toEqual([true, false, undefined]);
  });

  it('with the use cases alone, as a command loads them, binds no HTTP part and measures nothing', async () => {
    const config = loadConfig({ STORAGE: 'memory', LOG_LEVEL: 'silent' });
    const wired = await createContainer({ config, logger: createLogger(config), keys: {} });
    for (const token of [
      SERVICE_TOKENS.HttpApp,
      SERVICE_TOKENS.MetricsApp,
      SERVICE_TOKENS.Metrics,
      TOKENS.Authenticator,
      TOKENS.Draining,
    ])
      expect(wired.isBound(token)).toBe(false);
    const { pets } = await resolved(wired, TOKENS.OpenedStorage);
    expect((await resolved(wired, TOKENS.UseCaseStorage)).pets).toBe(pets);
    const rex = await (await resolved(wired, TOKENS.UseCases)).createPet.execute({ name: 'Rex', categoryId: 1 });
    expect(await pets.findById(rex.id)).toEqual(rex);
  });

  it('bounds the in-memory idempotency store by IDEMPOTENCY_MAX_KEYS', async () => {
    const store = (
      await resolved(await compose({ STORAGE: 'memory', IDEMPOTENCY_MAX_KEYS: '2' }), TOKENS.OpenedStorage)
    ).idempotency;
    for (const key of ['a', 'b', 'c']) await store.claim({ client: 'c', key }, 'fp');
    // Two keys are kept: the newest two are still in flight, the oldest was forgotten and is free again.
    expect((await store.claim({ client: 'c', key: 'c' }, 'fp')).state).toBe('in_flight');
    expect((await store.claim({ client: 'c', key: 'a' }, 'fp')).state).toBe('claimed');
  });

  it("keeps a host's keys in the process when its own ports bring no idempotency store, bounded by IDEMPOTENCY_MAX_KEYS", async () => {
    const pets = new InMemoryPetRepository();
    const wired = await compose({ STORAGE: 'mongo', IDEMPOTENCY_MAX_KEYS: '1' }, { storage: storageOfPorts({ pets }) });
    const storage = await resolved(wired, TOKENS.OpenedStorage);
    expect(storage.pets).toBe(pets);
    expect(storage.idempotency).toBeInstanceOf(InMemoryIdempotencyStore);
    for (const key of ['a', 'b']) await storage.idempotency.claim({ client: 'c', key }, 'fp');
    expect((await storage.idempotency.claim({ client: 'c', key: 'a' }, 'fp')).state).toBe('claimed');
  });

  it("leaves a host's own ports open when the container is unbound", async () => {
    const idempotency = new InMemoryIdempotencyStore({ ttlMs: 1000, leaseMs: 100, maxKeysPerClient: 5 });
    const wired = await compose({}, { storage: storageOfPorts({ pets: new InMemoryPetRepository(), idempotency }) });
    expect((await resolved(wired, TOKENS.OpenedStorage)).idempotency).toBe(idempotency);
    await wired.unbindAllAsync();
    expect((await idempotency.claim({ client: 'c', key: 'k' }, 'fp')).state).toBe('claimed');
  });

  it('opens MongoDB storage when STORAGE=mongo, its indexes made before first use, and lets the client go when it cannot', async () => {
    const close = vi.spyOn(MongoClient.prototype, 'close');
    try {
      // Nothing listens on port 1: making the indexes reports the outage.
      const wired = await compose({
        STORAGE: 'mongo',
        MONGODB_URI: 'mongodb://127.0.0.1:1/?directConnection=true',
        MONGODB_TIMEOUT_MS: '200',
      });
      await expect(resolved(wired, TOKENS.OpenedStorage)).rejects.toBeInstanceOf(StorageUnavailable);
      expect(close).toHaveBeenCalledOnce();
    } finally {
      close.mockRestore();
    }
  });

  it('builds an app where a pet created through the API can be read back', async () => {
    const wired = await container();
    const running = await listen(await resolved(wired, SERVICE_TOKENS.HttpApp), {
      port: 0,
      host: '127.0.0.1',
      logger: createLogger({ logLevel: 'silent' }),
    });
    try {
      const base = `http://127.0.0.1:${running.address.port}/v1/pets`;
      const headers = { Authorization: 'Bearer container-key', 'Content-Type': 'application/json' };
      const created = await fetchDocumented(base, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Wired', categoryId: 1 }),
      });
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
    const app = await resolved(
      (await composeHttpService({ config: configured, logger, keys: { keys: ['k'] } })).container,
      SERVICE_TOKENS.HttpApp,
    );
    const running = await listen(app, { port: 0, host: '127.0.0.1', logger });
    try {
      const base = `http://127.0.0.1:${running.address.port}`;
      const document = (await (await fetch(`${base}/openapi.json`)).json()) as { servers: unknown };
      expect(document.servers).toEqual([
        { url: 'https://api.example.com/v1', description: 'Production', 'x-internal': false },
        { url: 'https://staging.example.com/v1', description: 'Staging', 'x-internal': false },
      ]);
      const fromApp = await fetch(`${base}/healthz`, { headers: { Origin: 'https://app.example.com' } });
      expect(fromApp.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    } finally {
      await running.close(0);
    }
  });
});
