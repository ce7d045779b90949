import { describe, expect, it } from 'vitest';
import { InMemoryPetRepository } from '../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { describePetRepositoryContract } from '../../../testing/index.js';
import { describePetRestoreContract } from '../../../testing/index.js';
import { aNewPet } from '../../support/builders.js';

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
