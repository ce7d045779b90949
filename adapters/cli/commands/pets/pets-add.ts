import { newPetOf, type PetStatus } from '@petstore/core/pet.js';
import type { AddCommand } from '../../cli-dependencies.js';
import { petJson, petTable } from '../../pet-output.js';
import { wholeNumber } from '../whole-number.js';
import { petsAsJsonOption, statusOption } from './pet-options.js';

/** `petstore pets add`: writes the pet as stored, with the id it was given. */
export const addPetsAddCommand: AddCommand = (pets, dependencies, output) => {
  pets
    .command('add')
    .description('add a pet; the storage gives it its id')
    .requiredOption('--name <name>', 'its name')
    .requiredOption('--category-id <id>', 'its category, a whole number', wholeNumber)
    .addOption(statusOption())
    .addOption(petsAsJsonOption())
    .action(async (options: { name: string; categoryId: number; status?: PetStatus; json?: boolean }) => {
      const createPet = await dependencies.useCase('createPet');
      const pet = await createPet.execute(newPetOf(options));
      output.out(options.json ? `${petJson(pet)}\n` : `${petTable([pet])}\n`);
    });
};
