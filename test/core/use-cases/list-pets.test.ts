import { describe, expect, it } from 'vitest';
import { InvalidPageQuery } from '../../../core/errors.js';
import type { PetStatus } from '../../../core/pet.js';
import { ListPets } from '../../../core/use-cases/list-pets.js';
import { InMemoryPetRepository } from '../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { aNewPet } from '../../support/builders.js';

async function repositoryWith(count: number, statusOf: (index: number) => PetStatus | undefined = () => undefined) {
  const pets = new InMemoryPetRepository();
  for (let index = 0; index < count; index += 1) {
    const status = statusOf(index);
    await pets.add(aNewPet(status === undefined ? {} : { status }));
  }
  return pets;
}

describe('ListPets', () => {
  it('returns 20 pets by default, in ascending id order, with the query for the next page', async () => {
    const page = await new ListPets(await repositoryWith(25)).execute({});
    expect(page.pets.map((pet) => pet.id)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(page.next).toEqual({ limit: 20, afterId: 20 });
  });

  it('gives no cursor when the page holds the last pet', async () => {
    const listPets = new ListPets(await repositoryWith(10));
    expect((await listPets.execute({ limit: 10 })).next).toBeUndefined();
    expect((await listPets.execute({ limit: 9 })).next).toEqual({ limit: 9, afterId: 9 });
  });

  it('continues after the given id', async () => {
    const page = await new ListPets(await repositoryWith(10)).execute({ limit: 3, afterId: 4 });
    expect(page.pets.map((pet) => pet.id)).toEqual([5, 6, 7]);
    expect(page.next).toEqual({ limit: 3, afterId: 7 });
  });

  it('filters by status, keeping the cursor within the filter', async () => {
    const pets = await repositoryWith(9, (index) => (index % 3 === 0 ? 'sold' : 'available'));
    const page = await new ListPets(pets).execute({ status: 'sold', limit: 2 });
    expect(page.pets.map((pet) => [pet.id, pet.status])).toEqual([
      [1, 'sold'],
      [4, 'sold'],
    ]);
    expect(page.next).toEqual({ status: 'sold', limit: 2, afterId: 4 });
    const last = await new ListPets(pets).execute({ status: 'sold', limit: 2, afterId: 4 });
    expect(last.pets.map((pet) => pet.id)).toEqual([7]);
    expect(last.next).toBeUndefined();
  });

  it('accepts limits 1 and 100', async () => {
    const listPets = new ListPets(await repositoryWith(101));
    expect((await listPets.execute({ limit: 1 })).pets).toHaveLength(1);
    expect((await listPets.execute({ limit: 100 })).pets).toHaveLength(100);
  });

  it.each([0, 101, -1, 1.5, Number.NaN])('refuses the limit %d', async (limit) => {
    const error = await new ListPets(new InMemoryPetRepository()).execute({ limit }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidPageQuery);
    expect(error).toMatchObject({ field: 'limit', message: 'limit must be an integer from 1 to 100' });
  });

  it('refuses an unknown status', async () => {
    const error = await new ListPets(new InMemoryPetRepository())
      .execute({ status: 'lost' as PetStatus })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ field: 'status', code: 'invalid_page_query' });
  });

  it.each([-1, 0.5, 2 ** 53])('refuses the cursor %d', async (afterId) => {
    const error = await new ListPets(new InMemoryPetRepository())
      .execute({ afterId })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      field: 'afterId',
      message: 'afterId must be a pet id to continue after: an integer from 0 to 9007199254740991',
    });
  });

  it('accepts the cursor 0 as the start of the list', async () => {
    const page = await new ListPets(await repositoryWith(2)).execute({ afterId: 0 });
    expect(page.pets.map((pet) => pet.id)).toEqual([1, 2]);
  });
});
