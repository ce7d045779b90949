import { describe, expect, it } from 'vitest';
import { isStorageWrite, STORAGE_ACCESS, STORAGE_METHODS, wrapStorage } from '../../core/storage-calls.js';
import { InMemoryIdempotencyStore } from '../../adapters/persistence/in-memory/in-memory-idempotency-store.js';
import { InMemoryPetRepository } from '../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { aNewPet } from '../support/builders.js';

describe('the storage methods, each marked once as reading or writing', () => {
  it('lists each store’s methods in the order their marks are declared', () => {
    expect(STORAGE_METHODS.pets).toEqual(Object.keys(STORAGE_ACCESS.pets));
    expect(STORAGE_METHODS.idempotency).toEqual(Object.keys(STORAGE_ACCESS.idempotency));
  });

  it('says which calls may write, and no for a name the store has no method of', () => {
    expect(isStorageWrite('pets', 'add')).toBe(true);
    expect(isStorageWrite('idempotency', 'claim')).toBe(true);
    expect(isStorageWrite('pets', 'findById')).toBe(false);
    expect(isStorageWrite('pets', 'isReachable')).toBe(false);
    expect(isStorageWrite('pets', 'claim')).toBe(false);
    expect(isStorageWrite('pets', 'toString')).toBe(false);
  });

  it('passes every call of every method through its wrapper, and leaves a method the port lacks lacking', async () => {
    const calls: string[] = [];
    const pets = new InMemoryPetRepository();
    const lacking = { ...bound(pets), restore: undefined } as unknown as InMemoryPetRepository;
    const wrapped = wrapStorage(
      { pets: lacking, idempotency: new InMemoryIdempotencyStore({ ttlMs: 1_000, leaseMs: 100, maxKeysPerClient: 1 }) },
      (store, method) => (call) => {
        calls.push(`${store}.${method}`);
        return call();
      },
    );
    const rex = await wrapped.pets.add(aNewPet());
    expect(await wrapped.pets.findById(rex.id)).toEqual(rex);
    expect('restore' in wrapped.pets).toBe(false);
    expect(calls).toEqual(['pets.add', 'pets.findById']);
  });
});

/** The repository's methods as own properties, bound to it: an object a spread can copy. */
function bound(pets: InMemoryPetRepository): Record<string, unknown> {
  return Object.fromEntries(
    STORAGE_METHODS.pets.map((method) => [method, (pets[method] as (...args: unknown[]) => unknown).bind(pets)]),
  );
}
