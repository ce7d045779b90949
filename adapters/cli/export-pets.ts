import { PAGE_LIMIT_MAX } from '../../core/paging.js';
import type { PetStatus } from '../../core/pet.js';
import type { ListPets } from '../../core/use-cases/list-pets.js';
import { petJson } from './pet-output.js';

/**
 * Every pet (with the status, if one is given) as JSON Lines, in ascending id order: one chunk of
 * text per page of the core's ListPets. A page is read only when the reader asks for more, so a
 * slow reader holds the export back instead of the export filling memory: one page at a time,
 * whatever the number of pets.
 */
export async function* petExportChunks(listPets: ListPets, status: PetStatus | undefined): AsyncGenerator<string> {
  let afterId: number | undefined;
  do {
    const page = await listPets.execute({ status, limit: PAGE_LIMIT_MAX, afterId });
    yield page.pets.map((pet) => `${petJson(pet)}\n`).join('');
    afterId = page.next?.afterId;
  } while (afterId !== undefined);
}
