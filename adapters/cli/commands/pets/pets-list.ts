import type { PetStatus } from '@petstore/core/pet.js';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, PAGE_LIMIT_MIN } from '@petstore/core/paging.js';
import type { AddCommand } from '../../cli-dependencies.js';
import { petJson, petTable } from '../../pet-output.js';
import { wholeNumber } from '../whole-number.js';
import { petsAsJsonOption, statusOption } from './pet-options.js';

/** `petstore pets list`: one page; where the next one starts goes to stderr, so that stdout holds pets only. */
export const addPetsListCommand: AddCommand = (pets, dependencies, output) => {
  pets
    .command('list')
    .description('list pets in ascending id order, one page')
    .addOption(statusOption())
    .option(
      '--limit <n>',
      `pets in the page, ${PAGE_LIMIT_MIN} to ${PAGE_LIMIT_MAX} (default ${PAGE_LIMIT_DEFAULT})`,
      wholeNumber,
    )
    .option('--after <id>', 'only pets with an id greater than this one', wholeNumber)
    .addOption(petsAsJsonOption())
    .action(async (options: { status?: PetStatus; limit?: number; after?: number; json?: boolean }) => {
      const listPets = await dependencies.useCase('listPets');
      const page = await listPets.execute({ status: options.status, limit: options.limit, afterId: options.after });
      output.out(options.json ? page.pets.map((pet) => `${petJson(pet)}\n`).join('') : `${petTable(page.pets)}\n`);
      if (!options.json && page.next?.afterId !== undefined)
        output.err(`more pets follow: add --after ${page.next.afterId}\n`);
    });
};
