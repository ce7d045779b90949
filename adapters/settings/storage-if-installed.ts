import { ConfigError } from './config-error.js';
import type { StorageAdapter } from './storage-adapter.js';

/** A storage whose package a host may leave out, as help lists it even then. */
export interface OptionalStorage {
  /** What `STORAGE` calls it. */
  readonly name: string;
  /** A few words on what it keeps pets in, such as `MongoDB`. */
  readonly summary: string;
  /** The package that exports it: `load` imports from it. */
  readonly packageName: string;
}

/**
 * The storage `load` imports; where its package is not installed (a host's choice), a stand-in listed by
 * its name, so that help and the refusal read the same, and refused at start-up in one line naming the
 * package to install. Any other failure to load is a fault, and says so.
 */
export async function storageIfInstalled(
  load: () => Promise<StorageAdapter>,
  { name, summary, packageName }: OptionalStorage,
): Promise<StorageAdapter> {
  try {
    return await load();
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (code !== 'ERR_MODULE_NOT_FOUND' || typeof message !== 'string' || !message.includes(packageName)) throw error;
    const refusal = () => new ConfigError(`STORAGE=${name} needs the package ${packageName}: install it`);
    return {
      name,
      summary: `${summary}, with the package ${packageName} (not installed)`,
      settings: [],
      readSettings: () => {
        throw refusal();
      },
      open: () => Promise.reject(refusal()),
    };
  }
}
