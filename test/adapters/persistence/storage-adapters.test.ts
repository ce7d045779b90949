import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Collection, MongoClient, MongoParseError } from 'mongodb';
import { driverInstrumentations } from '../../../adapters/tracing/driver-instrumentations.js';
import { describe, expect, it, vi } from 'vitest';
import { StorageUnavailable } from '../../../core/errors.js';
import { memoryStorage } from '../../../adapters/persistence/in-memory/memory-storage.js';
import { InMemoryIdempotencyStore } from '../../../adapters/persistence/in-memory/in-memory-idempotency-store.js';
import { InMemoryPetRepository } from '../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { mongoStorage } from '../../../adapters/persistence/mongo/mongo-storage.js';
import { sqliteStorage } from '../../../adapters/persistence/sqlite/sqlite-storage.js';
import { ConfigError } from '../../../adapters/settings/config-error.js';
import { sqliteFolder } from '../../support/sqlite.js';

const retention = { ttlMs: 60_000, leaseMs: 1000 };

describe('the memory storage adapter', () => {
  it('keeps at most IDEMPOTENCY_MAX_KEYS keys a client, 10000 unless set', () => {
    expect(memoryStorage.readSettings({})).toEqual({ IDEMPOTENCY_MAX_KEYS: 10_000 });
    expect(memoryStorage.readSettings({ IDEMPOTENCY_MAX_KEYS: '' })).toEqual({ IDEMPOTENCY_MAX_KEYS: 10_000 });
    expect(memoryStorage.readSettings({ IDEMPOTENCY_MAX_KEYS: '3' })).toEqual({ IDEMPOTENCY_MAX_KEYS: 3 });
    expect(() => memoryStorage.readSettings({ IDEMPOTENCY_MAX_KEYS: '0' })).toThrow(
      new ConfigError('IDEMPOTENCY_MAX_KEYS must be a whole number from 1 to 10000000'),
    );
    expect(memoryStorage.settings.map(({ name, fallback }) => [name, fallback])).toEqual([
      ['IDEMPOTENCY_MAX_KEYS', '10000'],
    ]);
  });

  it('opens new, empty stores each time, bounded as its settings say', async () => {
    const opened = await memoryStorage.open({ IDEMPOTENCY_MAX_KEYS: 1 }, { retention });
    expect(opened.pets).toBeInstanceOf(InMemoryPetRepository);
    expect(opened.idempotency).toBeInstanceOf(InMemoryIdempotencyStore);
    await opened.pets.add({ name: 'Rex', categoryId: 1 });
    for (const key of ['a', 'b']) await opened.idempotency.claim({ client: 'c', key }, 'fp');
    expect((await opened.idempotency.claim({ client: 'c', key: 'a' }, 'fp')).state).toBe('claimed');
    expect(
      await (await memoryStorage.open({ IDEMPOTENCY_MAX_KEYS: 1 }, { retention })).pets.list({ limit: 10 }),
    ).toEqual([]);
    await expect(opened.close()).resolves.toBeUndefined();
  });
});

describe('the SQLite storage adapter', () => {
  it('reads its file and how durably it commits, with their defaults', () => {
    expect(sqliteStorage.readSettings({})).toEqual({ SQLITE_PATH: 'data/petstore.db', SQLITE_SYNCHRONOUS: 'normal' });
    expect(() => sqliteStorage.readSettings({ SQLITE_PATH: ' ' })).toThrow(
      new ConfigError('SQLITE_PATH must be a file path'),
    );
    expect(() => sqliteStorage.readSettings({ SQLITE_SYNCHRONOUS: 'off' })).toThrow(
      new ConfigError('SQLITE_SYNCHRONOUS must be one of normal, full'),
    );
    expect(sqliteStorage.settings.map(({ name, fallback }) => [name, fallback])).toEqual([
      ['SQLITE_PATH', 'data/petstore.db'],
      ['SQLITE_SYNCHRONOUS', 'normal'],
    ]);
    expect(sqliteStorage.dbSystem).toBe('sqlite');
  });

  it('opens both stores on one file, which a second opening shares, and closes it', async () => {
    const folder = sqliteFolder();
    try {
      const settings = sqliteStorage.readSettings({ SQLITE_PATH: folder.path('pets.db') });
      const [first, second] = [
        await sqliteStorage.open(settings, { retention }),
        await sqliteStorage.open(settings, { retention }),
      ];
      const rex = await first.pets.add({ name: 'Rex', categoryId: 1 });
      expect(await second.pets.findById(rex.id)).toEqual(rex);
      expect((await first.idempotency.claim({ client: 'c', key: 'k' }, 'fp')).state).toBe('claimed');
      expect((await second.idempotency.claim({ client: 'c', key: 'k' }, 'fp')).state).toBe('in_flight');
      await first.close();
      await expect(first.pets.findById(rex.id)).rejects.toThrow();
      await second.close();
    } finally {
      folder.remove();
    }
  });
});

describe('the SQLite storage adapter, with another process writing', () => {
  it("waits for another process's write lock, within the busy timeout, rather than failing at once", async () => {
    const folder = sqliteFolder();
    try {
      const opened = await sqliteStorage.open(sqliteStorage.readSettings({ SQLITE_PATH: folder.path('pets.db') }), {
        retention,
      });
      // Another process holds the write lock for a moment, then commits.
      const holder = spawn(
        process.execPath,
        [
          '-e',
          "const db = new (require('node:sqlite').DatabaseSync)(process.argv[1]); db.exec('BEGIN IMMEDIATE'); console.log('held'); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300); db.exec('COMMIT');",
          folder.path('pets.db'),
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const exited = once(holder, 'exit');
      await once(holder.stdout, 'data');
      expect(await opened.pets.add({ name: 'Patient', categoryId: 1 })).toMatchObject({ id: 1, name: 'Patient' });
      await exited;
      await opened.close();
    } finally {
      folder.remove();
    }
  });
});

describe('the MongoDB storage adapter', () => {
  it('needs MONGODB_URI, and reads the database and the call timeout with their defaults', () => {
    expect(() => mongoStorage.readSettings({})).toThrow(new ConfigError('MONGODB_URI must be set when STORAGE=mongo'));
    expect(mongoStorage.readSettings({ MONGODB_URI: 'mongodb://db' })).toEqual({
      uri: 'mongodb://db',
      database: 'petstore',
      timeoutMs: 2000,
    });
    expect(
      mongoStorage.readSettings({ MONGODB_URI: 'mongodb+srv://u:p@db', MONGODB_DB: 'shop', MONGODB_TIMEOUT_MS: '100' }),
    ).toEqual({
      uri: 'mongodb+srv://u:p@db',
      database: 'shop',
      timeoutMs: 100,
    });
    expect(() => mongoStorage.readSettings({ MONGODB_URI: 'mongodb://db', MONGODB_TIMEOUT_MS: '60001' })).toThrow(
      new ConfigError('MONGODB_TIMEOUT_MS must be a whole number of milliseconds from 100 to 60000'),
    );
    expect(mongoStorage.settings.map(({ name, fallback }) => [name, fallback])).toEqual([
      ['MONGODB_URI', undefined],
      ['MONGODB_DB', 'petstore'],
      ['MONGODB_TIMEOUT_MS', '2000'],
    ]);
    expect(mongoStorage.dbSystem).toBe('mongodb');
  });

  it("explains a failed start by the settings to check, never by the driver's words", () => {
    expect(mongoStorage.explainFailure?.(new StorageUnavailable())).toBe(
      'storage is not reachable within MONGODB_TIMEOUT_MS; check MONGODB_URI and the server',
    );
    const refused = new MongoParseError('mongodb://user:secret@db has an option it does not know');
    expect(mongoStorage.explainFailure?.(refused)).toBe('MONGODB_URI cannot be used (MongoParseError); check it');
    expect(mongoStorage.explainFailure?.(new TypeError('a bug'))).toBeUndefined();
  });

  it('names the package to install when the MongoDB driver is not installed, and no other missing module', () => {
    const missing = (name: string) =>
      Object.assign(new Error(`Cannot find package '${name}' imported from /app/dist/mongo-client.js`), {
        code: 'ERR_MODULE_NOT_FOUND',
      });
    expect(mongoStorage.explainFailure?.(missing('mongodb'))).toBe(
      'STORAGE=mongo needs the MongoDB driver: install the package mongodb',
    );
    expect(mongoStorage.explainFailure?.(missing('mongodb-extra'))).toBeUndefined();
    expect(mongoStorage.explainFailure?.(Object.assign(missing('mongodb'), { code: 'ENOENT' }))).toBeUndefined();
    expect(mongoStorage.explainFailure?.({ code: 'ERR_MODULE_NOT_FOUND' })).toBeUndefined();
  });

  it('opens both stores on one client once their indexes are made, bounds each call by MONGODB_TIMEOUT_MS, and closes the client', async () => {
    // No server here: the index builds succeed, and a claim's write never comes back.
    const indexes = vi.spyOn(Collection.prototype, 'createIndexes').mockResolvedValue([]);
    const hung = vi.spyOn(Collection.prototype, 'updateOne').mockReturnValue(new Promise(() => undefined));
    const close = vi.spyOn(MongoClient.prototype, 'close');
    try {
      const opened = await mongoStorage.open(
        { uri: 'mongodb://127.0.0.1:1/?directConnection=true', database: 'petstore', timeoutMs: 150 },
        { retention },
      );
      expect(indexes).toHaveBeenCalledTimes(2);
      expect(opened.pets.constructor.name).toBe('MongoPetRepository');
      expect(opened.idempotency.constructor.name).toBe('MongoIdempotencyStore');
      await expect(opened.idempotency.claim({ client: 'c', key: 'k' }, 'fp')).rejects.toBeInstanceOf(
        StorageUnavailable,
      );
      expect(hung).toHaveBeenCalled();
      expect(close).not.toHaveBeenCalled();
      await opened.close();
      expect(close).toHaveBeenCalledOnce();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("has its driver's commands instrumented for traces, by its db.system", async () => {
    const [instrumentation] = await driverInstrumentations(mongoStorage.dbSystem);
    expect(instrumentation?.constructor.name).toBe('MongoDBInstrumentation');
    expect(await driverInstrumentations(sqliteStorage.dbSystem)).toEqual([]);
  });
});

describe('a bad setting', () => {
  it('is a ConfigError, by name too, so a host can tell it from any other failure', () => {
    const refusal = (() => {
      try {
        sqliteStorage.readSettings({ SQLITE_SYNCHRONOUS: 'off' });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refusal).toBeInstanceOf(ConfigError);
    expect((refusal as Error).name).toBe('ConfigError');
  });
});
