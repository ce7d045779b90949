import type { AddCommand } from '../../cli-dependencies.js';
import { petJson, petTable } from '../../pet-output.js';
import { wholeNumber } from '../whole-number.js';
import { petsAsJsonOption } from './pet-options.js';

/** `petstore pets get <id>`: one pet; a missing one is a failure (exit 1), not an empty table. */
export const addPetsGetCommand: AddCommand = (pets, dependencies, output) => {
  pets
    .command('get')
    .description('show one pet')
    .argument('<id>', 'its id', wholeNumber)
    .addOption(petsAsJsonOption())
    .action(async (id: number, options: { json?: boolean }) => {
      const getPet = await dependencies.useCase('getPet');
      const pet = await getPet.execute(id);
      output.out(options.json ? `${petJson(pet)}\n` : `${petTable([pet])}\n`);
    });
};
