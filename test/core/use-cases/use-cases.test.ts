import { describe, expect, it } from 'vitest';
import type { StoragePorts } from '../../../core/ports.js';
import { isStorageWrite, wrapStorage } from '../../../core/storage-calls.js';
import { USE_CASES, useCasesOver, USE_CASE_NAMES } from '../../../core/use-cases/use-cases.js';
import { InMemoryIdempotencyStore } from '../../../adapters/persistence/in-memory/in-memory-idempotency-store.js';
import { InMemoryPetRepository } from '../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { aNewPet } from '../../support/builders.js';

const storage = (): StoragePorts => ({
  pets: new InMemoryPetRepository(),
  idempotency: new InMemoryIdempotencyStore({ ttlMs: 60_000, leaseMs: 1_000, maxKeysPerClient: 10 }),
});

/** Two storages told apart: what the use cases of callers use, and the storage as it opened. */
function twoStorages() {
  const inUse = storage();
  const opened = storage();
  return { inUse, opened, useCases: useCasesOver({ inUse, opened }) };
}

describe('the use cases, declared once', () => {
  it('are every use case of the record, each made, by the name hosts pick it by', () => {
    const { useCases } = twoStorages();
    expect(Object.keys(useCases)).toEqual(Object.keys(USE_CASES));
    expect(USE_CASE_NAMES).toEqual(Object.keys(USE_CASES));
    for (const name of USE_CASE_NAMES) expect(useCases[name]).toBeInstanceOf(Object);
  });

  it('marks read the use cases that only read, which answer over a storage refusing every write', async () => {
    const writable = storage();
    const rex = await writable.pets.add(aNewPet({ name: 'Rex' }));
    const readOnly = wrapStorage(writable, (store, method) =>
      isStorageWrite(store, method)
        ? () => Promise.reject(new Error(`${method} on a read-only storage`))
        : (call) => call(),
    );
    const useCases = useCasesOver({ inUse: readOnly, opened: readOnly });
    expect([USE_CASES.listPets.access, USE_CASES.getPet.access, USE_CASES.exportPets.access]).toEqual([
      'read',
      'read',
      'read',
    ]);
    expect(await useCases.getPet.execute(rex.id)).toEqual(rex);
    expect((await useCases.listPets.execute({})).pets).toEqual([rex]);
    for await (const page of useCases.exportPets.pages()) expect(page).toEqual([rex]);
    expect(USE_CASES.createPet.access).toBe('write');
    await expect(useCases.createPet.execute(aNewPet())).rejects.toThrow('add on a read-only storage');
  });

  it('add, list, get and export through the storage callers use', async () => {
    const { inUse, opened, useCases } = twoStorages();
    const rex = await useCases.createPet.execute(aNewPet({ name: 'Rex' }));
    expect(await inUse.pets.findById(rex.id)).toEqual(rex);
    expect(await opened.pets.findById(rex.id)).toBeUndefined();
    expect(await useCases.getPet.execute(rex.id)).toEqual(rex);
    expect((await useCases.listPets.execute({})).pets).toEqual([rex]);
    const pages = [];
    for await (const page of useCases.exportPets.pages()) pages.push(page);
    expect(pages).toEqual([[rex]]);
  });

  it('add once by a key through the storage callers use, its keys kept there', async () => {
    const { inUse, opened, useCases } = twoStorages();
    const key = { client: 'client', key: 'k-1' };
    const { pet } = await useCases.createPetOnce.execute(aNewPet(), key);
    expect(await inUse.pets.findById(pet.id)).toEqual(pet);
    expect(await opened.pets.findById(pet.id)).toBeUndefined();
    expect((await inUse.idempotency.claim(key, 'another body')).state).not.toBe('claimed');
    expect((await opened.idempotency.claim(key, 'another body')).state).toBe('claimed');
  });

  it('import into the storage as it opened', async () => {
    const { inUse, opened, useCases } = twoStorages();
    const backup = {
      name: 'pets.ndjson',
      where: (place: number) => `line ${String(place)}`,
      async *entries() {
        yield await Promise.resolve({ place: 1, id: undefined, newPet: aNewPet({ name: 'Bella' }) });
      },
    };
    const report = await useCases.importPets.execute(backup, 'merge', {
      update: () => undefined,
      finish: () => undefined,
    });
    expect(report).toEqual({ pets: 1, added: 1, unchanged: 0 });
    expect(await opened.pets.list({ limit: 10 })).toEqual([expect.objectContaining({ name: 'Bella' })]);
    expect(await inUse.pets.list({ limit: 10 })).toEqual([]);
  });
});
