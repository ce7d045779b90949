import * as v from 'valibot';
import { readSettings, settingsHelpOf } from '@petstore/settings/read-settings.js';
import { integerSetting } from '@petstore/settings/setting-kinds.js';
import type { StorageAdapter } from '@petstore/settings/storage-adapter.js';
import { InMemoryIdempotencyStore } from './in-memory-idempotency-store.js';
import { InMemoryPetRepository } from './in-memory-pet-repository.js';

const SETTINGS = v.object({
  IDEMPOTENCY_MAX_KEYS: v.optional(integerSetting(1, 10_000_000), '10000'),
});

/** Pets and idempotency keys in this process's memory: nothing to open, lost on restart. */
export const memoryStorage: StorageAdapter<v.InferOutput<typeof SETTINGS>> = {
  name: 'memory',
  summary: 'one process, lost on restart',
  settings: settingsHelpOf(SETTINGS, {
    IDEMPOTENCY_MAX_KEYS: {
      meaning:
        "the most idempotency keys kept per API key, its oldest going first (also for a host's own storage that " +
        'keeps no keys)',
    },
  }),
  readSettings: (env) => readSettings(SETTINGS, env),
  open: ({ IDEMPOTENCY_MAX_KEYS }, { retention }) =>
    Promise.resolve({
      pets: new InMemoryPetRepository(),
      idempotency: new InMemoryIdempotencyStore({ ...retention, maxKeysPerClient: IDEMPOTENCY_MAX_KEYS }),
      close: () => Promise.resolve(),
    }),
};
