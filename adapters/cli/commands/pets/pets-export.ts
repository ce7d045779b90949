import type { Pet, PetStatus } from '@petstore/core/pet.js';
import type { AddCommand } from '../../cli-dependencies.js';
import { petJson } from '../../pet-output.js';
import { statusOption } from './pet-options.js';

/** Pages of pets as JSON Lines, a chunk of text a page. */
async function* jsonLines(pages: AsyncIterable<Pet[]>): AsyncGenerator<string> {
  for await (const pets of pages) yield pets.map((pet) => `${petJson(pet)}\n`).join('');
}

/** `petstore pets export`: the whole catalogue to stdout, as `pets import` reads it back. */
export const addPetsExportCommand: AddCommand = (pets, dependencies, output) => {
  pets
    .command('export')
    .description('write every pet as JSON Lines (one JSON object a line, in id order) to stdout, page by page')
    .addOption(statusOption())
    .action(async (options: { status?: PetStatus }) => {
      const exportPets = await dependencies.useCase('exportPets');
      await output.pipe(jsonLines(exportPets.pages(options.status)));
    });
};
