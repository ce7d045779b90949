import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../adapters/settings/config-error.js';
import type { StorageAdapter } from '../../../adapters/settings/storage-adapter.js';
import { storageIfInstalled } from '../../../adapters/settings/storage-if-installed.js';

const LISTING = { name: 'mongo', summary: 'MongoDB', packageName: '@petstore/storage-mongodb' };
const REFUSAL = 'STORAGE=mongo needs the package @petstore/storage-mongodb: install it';

/** An import that fails as Node fails one of a package that is not there. */
const missing = (specifier: string) => () =>
  Promise.reject(
    Object.assign(new Error(`Cannot find package '${specifier}' imported from /app/host/built-in-storages.js`), {
      code: 'ERR_MODULE_NOT_FOUND',
    }),
  );

describe('a storage whose package a host may leave out', () => {
  it('is the storage its package exports where that package is installed', async () => {
    const installed = { name: 'mongo' } as StorageAdapter;
    expect(await storageIfInstalled(() => Promise.resolve(installed), LISTING)).toBe(installed);
  });

  it('is listed by its name where it is not, and refused at start-up in one line naming the package', async () => {
    const standIn = await storageIfInstalled(missing('@petstore/storage-mongodb'), LISTING);
    expect(standIn).toMatchObject({
      name: 'mongo',
      summary: 'MongoDB, with the package @petstore/storage-mongodb (not installed)',
      settings: [],
    });
    expect(() => standIn.readSettings({})).toThrow(new ConfigError(REFUSAL));
    await expect(standIn.open(undefined, { retention: { ttlMs: 1, leaseMs: 1 } })).rejects.toThrow(
      new ConfigError(REFUSAL),
    );
  });

  it('fails as it failed when another package is missing (its driver, say), or the load fails otherwise', async () => {
    await expect(storageIfInstalled(missing('mongodb'), LISTING)).rejects.toThrow("Cannot find package 'mongodb'");
    const broken = Object.assign(new Error('@petstore/storage-mongodb: Unexpected token'), { code: 'ERR_SYNTAX' });
    await expect(storageIfInstalled(() => Promise.reject(broken), LISTING)).rejects.toBe(broken);
  });
});
