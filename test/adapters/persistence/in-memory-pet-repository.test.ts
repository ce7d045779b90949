import { describe, expect, it } from 'vitest';
import { RestoreConflict } from '../../../core/errors.js';
import type { PetOrigin } from '../../../core/idempotency.js';
import { petOf, type NewPet, type Pet } from '../../../core/pet.js';
import { InMemoryPetRepository } from '../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { describePetRepositoryContract } from '../../../testing/index.js';
import { describePetRestoreContract } from '../../../testing/index.js';
import { aNewPet } from '../../support/builders.js';

const aPet = (id: number, overrides: Partial<NewPet> = {}): Pet => petOf(id, aNewPet(overrides));
const anOrigin = (key: string): PetOrigin => ({ key: { client: 'client-a', key }, claimedAt: 1_000, keptUntil: 2_000 });

describePetRepositoryContract('InMemoryPetRepository', () =>
  Promise.resolve({ repository: new InMemoryPetRepository(), dispose: () => Promise.resolve() }),
);

describePetRestoreContract('InMemoryPetRepository', () =>
  Promise.resolve({ repository: new InMemoryPetRepository(), dispose: () => Promise.resolve() }),
);
// No outage contract: memory is the process itself, with no server, file or lock to lose; what
// would stop it serving stops the process too.

describe('InMemoryPetRepository specifics', () => {
  it('numbers pets 1, 2, 3, ... in the order they are added', async () => {
    const pets = new InMemoryPetRepository();
    const ids = [(await pets.add(aNewPet())).id, (await pets.add(aNewPet())).id, (await pets.add(aNewPet())).id];
    expect(ids).toEqual([1, 2, 3]);
  });

  it('takes the next id after the highest handed out, restored or reserved, not after the last of them', async () => {
    const pets = new InMemoryPetRepository();
    await pets.reserveIds(10);
    await pets.restore([aPet(3, { status: 'sold' })]);
    expect((await pets.add(aNewPet())).id).toBe(11);
    await pets.restore([aPet(20)]);
    await pets.reserveIds(15);
    expect((await pets.add(aNewPet())).id).toBe(21);
  });

  it('counts no id of a refused restore', async () => {
    const pets = new InMemoryPetRepository();
    await pets.restore([aPet(2)]);
    await expect(pets.restore([aPet(1), aPet(2, { name: 'Changed' }), aPet(9)])).rejects.toBeInstanceOf(
      RestoreConflict,
    );
    await expect(pets.restore([aPet(8), aPet(7)])).rejects.toBeInstanceOf(TypeError);
    expect((await pets.add(aNewPet())).id).toBe(3);
  });

  it('keeps each pet once: a replayed addOnce, a page and a status page answer the very pet findById holds', async () => {
    const pets = new InMemoryPetRepository();
    const { pet } = await pets.addOnce(aNewPet({ status: 'sold' }), anOrigin('k'));
    await pets.restore([aPet(5, { status: 'sold' })]);
    const held = await pets.findById(pet.id);
    const restored = await pets.findById(5);
    expect(held).toBeDefined();
    expect((await pets.addOnce(aNewPet({ name: 'Other' }), anOrigin('k'))).pet).toBe(held);
    const [firstListed, secondListed] = await pets.list({ limit: 10 });
    expect(firstListed).toBe(held);
    expect(secondListed).toBe(restored);
    const [firstSold, secondSold] = await pets.list({ limit: 10, status: 'sold' });
    expect(firstSold).toBe(held);
    expect(secondSold).toBe(restored);
  });

  it('answers undefined for ids that are not positive integers', async () => {
    const pets = new InMemoryPetRepository();
    await pets.add(aNewPet());
    for (const id of [0.5, Number.NaN, 2 ** 53]) expect(await pets.findById(id)).toBeUndefined();
  });

  it('finds pages deep in a large store, with and without a status filter', async () => {
    const pets = new InMemoryPetRepository();
    for (let index = 0; index < 50_000; index += 1)
      await pets.add(aNewPet({ status: index % 2 === 0 ? 'sold' : 'available' }));
    const page = await pets.list({ limit: 3, status: 'sold', afterId: 40_001 });
    expect(page.map((pet) => pet.id)).toEqual([40_003, 40_005, 40_007]);
    expect((await pets.list({ limit: 2, afterId: 49_999 })).map((pet) => pet.id)).toEqual([50_000]);
  });
});
