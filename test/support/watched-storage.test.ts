import { describe, expect, it } from 'vitest';
import { StorageUnavailable } from '../../core/errors.js';
import { InMemoryPetRepository } from '../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { aNewPet } from './builders.js';
import { watchedStorage } from './watched-storage.js';

// The tests that stand on this wrapper assert through it ("touches no storage"), so it is tested itself.
describe('a watched storage', () => {
  it('passes every call on to the storage, and records each with its arguments, in order', async () => {
    const store = watchedStorage(new InMemoryPetRepository());
    const added = await store.port.add(aNewPet({ name: 'Rex' }));
    expect(await store.port.findById(added.id)).toEqual(added);
    expect(await store.port.list({ limit: 5 })).toEqual([added]);
    expect(store.calls()).toEqual([
      { method: 'add', args: [aNewPet({ name: 'Rex' })] },
      { method: 'findById', args: [added.id] },
      { method: 'list', args: [{ limit: 5 }] },
    ]);
    expect(store.calls('findById', 'list').map((call) => call.method)).toEqual(['findById', 'list']);
  });

  it("fails the methods named, or every method, and answers one in the storage's stead; the latest rule decides", async () => {
    const outage = new StorageUnavailable();
    const named = watchedStorage(new InMemoryPetRepository()).fail(() => outage, 'list');
    await expect(named.port.list({ limit: 1 })).rejects.toBe(outage);
    expect(await named.port.findById(1)).toBeUndefined();
    const every = watchedStorage(new InMemoryPetRepository())
      .fail(() => outage)
      .answer('isReachable', () => Promise.resolve(false));
    await expect(every.port.add(aNewPet())).rejects.toBe(outage);
    expect(await every.port.isReachable()).toBe(false);
    expect(every.calls().map((call) => call.method)).toEqual(['add', 'isReachable']);
  });

  it('holds the methods named until released, then lets them reach the storage', async () => {
    const store = watchedStorage(new InMemoryPetRepository());
    const adds = store.hold('add');
    let added = false;
    const adding = store.port.add(aNewPet()).then(() => (added = true));
    await adds.started();
    expect(await store.port.list({ limit: 5 })).toEqual([]);
    expect(added).toBe(false);
    adds.release();
    await adding;
    expect(await store.port.list({ limit: 5 })).toHaveLength(1);
  });

  it('lacks the methods named, as a storage without them does', () => {
    const store = watchedStorage(new InMemoryPetRepository()).lack('restore');
    expect('restore' in store.port).toBe(false);
    expect(Reflect.get(store.port, 'restore')).toBeUndefined();
    expect('reserveIds' in store.port).toBe(true);
  });
});
