import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../adapters/persistence/in-memory/memory-storage.js';
import type { StorageAdapter } from '../../adapters/settings/storage-adapter.js';
import { ConfigError, StorageOpenFailure, startService } from '../../app/service.js';

/** A host's own storage, in memory unless a test gives it another `open`. */
function aHostStorage(overrides: Partial<StorageAdapter> = {}): StorageAdapter {
  return {
    name: 'host',
    summary: "a host's own",
    settings: [],
    readSettings: () => undefined,
    open: (_, context) => memoryStorage.open(memoryStorage.readSettings({}), context),
    ...overrides,
  };
}

const SETTINGS = { PORT: '0' };

describe('startService', () => {
  it("hands a host's storage no empty setting: an empty one counts as unset", async () => {
    const seen: (string | undefined)[] = [];
    const storage = aHostStorage({
      readSettings(env) {
        if (env.SOME_SETTING === '') throw new ConfigError('SOME_SETTING must not be empty');
        seen.push(env.SOME_SETTING);
      },
    });
    const service = await startService({ settings: { ...SETTINGS, SOME_SETTING: '' }, storage, logger: false });
    await service.close(0);
    expect(seen).toEqual([undefined]);
  });

  it("rejects with the storage's explanation of a failure to open, the driver's error as its cause", async () => {
    const refused = new Error('connect ECONNREFUSED postgres://user:secret@db:5432');
    const storage = aHostStorage({
      open: () => Promise.reject(refused),
      explainFailure: (error) => (error === refused ? 'the database is out of reach; check DB_URL' : undefined),
    });
    const rejection = await startService({ settings: SETTINGS, storage, logger: false }).catch(
      (error: unknown) => error,
    );
    expect(rejection).toBeInstanceOf(StorageOpenFailure);
    expect(rejection).toMatchObject({
      name: 'StorageOpenFailure',
      message: 'the database is out of reach; check DB_URL',
      cause: refused,
    });
  });

  it("rejects with the driver's own error when the storage does not explain it", async () => {
    const refused = new Error('disk on fire');
    for (const explainFailure of [undefined, () => undefined]) {
      const storage = aHostStorage({ open: () => Promise.reject(refused), ...(explainFailure && { explainFailure }) });
      await expect(startService({ settings: SETTINGS, storage, logger: false })).rejects.toBe(refused);
    }
  });
});
