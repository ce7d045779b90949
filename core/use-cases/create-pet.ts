import { assertValidNewPet, type NewPet, type Pet } from '../pet.js';
import type { PetRepository } from '../ports.js';

export class CreatePet {
  constructor(private readonly pets: PetRepository) {}

  async execute(newPet: NewPet): Promise<Pet> {
    assertValidNewPet(newPet);
    return this.pets.add(newPet);
  }
}
