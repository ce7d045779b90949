import { describe, expect, it } from 'vitest';
import type { Pet } from '../../../core/pet.js';
import { InMemoryIdempotencyStore } from '../../../adapters/persistence/in-memory/in-memory-idempotency-store.js';
import { describeIdempotencyStoreContract } from '../../../testing/index.js';
import { idempotencyRetention, inMemoryIdempotencyStore } from '../../support/storage-fixture.js';

describeIdempotencyStoreContract('InMemoryIdempotencyStore', (options) =>
  Promise.resolve({ idempotencyStore: inMemoryIdempotencyStore(options), dispose: () => Promise.resolve() }),
);

describe('InMemoryIdempotencyStore bounds', () => {
  const pet: Pet = { id: 1, name: 'Rex', categoryId: 1 };

  async function completeKeys(store: InMemoryIdempotencyStore, client: string, keys: Iterable<string>): Promise<void> {
    for (const key of keys) {
      const outcome = await store.claim({ client, key }, 'fp');
      if (outcome.state !== 'claimed') throw new Error(`key ${key} was not free`);
      await store.complete(outcome.claim, pet);
    }
  }

  const keysNumbered = (from: number, count: number) =>
    Array.from({ length: count }, (_, index) => `key-${from + index}`);

  it('holds at most maxKeysPerClient keys under 100,000 distinct keys, forgetting the oldest first', async () => {
    const store = new InMemoryIdempotencyStore({ ...idempotencyRetention(), maxKeysPerClient: 1000 });
    await completeKeys(store, 'flood', keysNumbered(0, 100_000));
    // The newest keys are still answered; the oldest were forgotten, and are free again.
    expect((await store.claim({ client: 'flood', key: 'key-99999' }, 'fp')).state).toBe('completed');
    expect((await store.claim({ client: 'flood', key: 'key-99000' }, 'fp')).state).toBe('completed');
    expect((await store.claim({ client: 'flood', key: 'key-98999' }, 'fp')).state).toBe('claimed');
    expect((await store.claim({ client: 'flood', key: 'key-0' }, 'fp')).state).toBe('claimed');
  });

  it("never evicts one client's keys for another client's flood", async () => {
    const store = new InMemoryIdempotencyStore({ ...idempotencyRetention(), maxKeysPerClient: 100 });
    await completeKeys(store, 'quiet', ['order-1']);
    await completeKeys(store, 'flood', keysNumbered(0, 10_000));
    expect((await store.claim({ client: 'flood', key: 'key-9900' }, 'fp')).state).toBe('completed');
    expect((await store.claim({ client: 'flood', key: 'key-9899' }, 'fp')).state).toBe('claimed');
    expect(await store.claim({ client: 'quiet', key: 'order-1' }, 'fp')).toEqual({
      state: 'completed',
      fingerprint: 'fp',
      pet,
    });
  });
});
