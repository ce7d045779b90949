import { PetNotFound } from '../errors.js';
import type { Pet, PetId } from '../pet.js';
import type { PetRepository } from '../ports.js';

export class GetPet {
  constructor(private readonly pets: Pick<PetRepository, 'findById'>) {}

  async execute(id: PetId): Promise<Pet> {
    const pet = await this.pets.findById(id);
    if (pet === undefined) throw new PetNotFound(id);
    return pet;
  }
}
