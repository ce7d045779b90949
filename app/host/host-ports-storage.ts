import type { IdempotencyStore, PetRepository, PetRestore } from '@petstore/core/ports.js';
import type { StorageAdapter } from '@petstore/settings/storage-adapter.js';
import { STORAGE_OF_HOST_KEYS } from './built-in-storages.js';

/** Storage a host opened itself: its pets, and its idempotency store unless keys are to be kept in the process. */
export interface HostPorts {
  readonly pets: PetRepository & PetRestore;
  readonly idempotency?: IdempotencyStore | undefined;
}

/** What storage spans and the start-up line call a host's own ports. */
export const HOST_PORTS_NAME = 'custom';

/**
 * Ports a host opened, as a storage the service opens like any other. The host owns them, so closing
 * the service leaves them open.
 */
export function storageOfPorts({ pets, idempotency }: HostPorts): StorageAdapter {
  return {
    name: HOST_PORTS_NAME,
    summary: "a host's own",
    settings: [],
    readSettings: (env) => (idempotency === undefined ? STORAGE_OF_HOST_KEYS.readSettings(env) : undefined),
    async open(settings, context) {
      const keys = idempotency ?? (await STORAGE_OF_HOST_KEYS.open(settings, context)).idempotency;
      return { pets, idempotency: keys, close: () => Promise.resolve() };
    },
  };
}
