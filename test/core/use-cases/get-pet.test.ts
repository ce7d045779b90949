import { describe, expect, it } from 'vitest';
import { PetNotFound } from '../../../core/errors.js';
import { GetPet } from '../../../core/use-cases/get-pet.js';
import { InMemoryPetRepository } from '../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { aNewPet } from '../../support/builders.js';

describe('GetPet', () => {
  it('returns the pet with that id', async () => {
    const pets = new InMemoryPetRepository();
    const stored = await pets.add(aNewPet({ name: 'Kitty' }));
    expect(await new GetPet(pets).execute(stored.id)).toEqual(stored);
  });

  it('throws PetNotFound, naming the id, when no pet has it', async () => {
    const error = await new GetPet(new InMemoryPetRepository()).execute(42).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PetNotFound);
    expect(error).toMatchObject({ code: 'pet_not_found', petId: 42, message: 'No pet has id 42' });
  });
});
