import { describe, expect, it } from 'vitest';
import { InvalidPet } from '../../../core/errors.js';
import { CreatePet } from '../../../core/use-cases/create-pet.js';
import { InMemoryPetRepository } from '../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { aNewPet } from '../../support/builders.js';

describe('CreatePet', () => {
  it('stores the pet and returns it with a service-assigned id', async () => {
    const pets = new InMemoryPetRepository();
    const created = await new CreatePet(pets).execute(aNewPet({ name: 'Tom', categoryId: 7, status: 'sold' }));
    expect(created).toEqual({ id: 1, name: 'Tom', categoryId: 7, status: 'sold' });
    expect(await pets.findById(created.id)).toEqual(created);
  });

  it('invents no status when none is given', async () => {
    const created = await new CreatePet(new InMemoryPetRepository()).execute({ name: 'Tom', categoryId: 7 });
    expect(created).not.toHaveProperty('status');
  });

  it('refuses a pet that breaks a rule and stores nothing', async () => {
    const pets = new InMemoryPetRepository();
    await expect(new CreatePet(pets).execute(aNewPet({ name: ' ' }))).rejects.toBeInstanceOf(InvalidPet);
    expect(await pets.list({ limit: 10 })).toEqual([]);
  });
});
