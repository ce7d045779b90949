import { PAGE_LIMIT_MAX } from '../paging.js';
import type { Pet, PetStatus } from '../pet.js';
import type { PetRepository } from '../ports.js';
import { ListPets } from './list-pets.js';

/**
 * Every pet (with the status, if one is given) in ascending id order, a page at a time. A page is
 * read only when the caller asks for the next, so a slow reader holds the export back instead of
 * the export filling memory, whatever the number of pets.
 */
export class ExportPets {
  private readonly listPets: ListPets;

  constructor(pets: Pick<PetRepository, 'list'>) {
    this.listPets = new ListPets(pets);
  }

  async *pages(status?: PetStatus): AsyncGenerator<Pet[]> {
    let afterId: number | undefined;
    do {
      const page = await this.listPets.execute({ status, limit: PAGE_LIMIT_MAX, afterId });
      yield page.pets;
      afterId = page.next?.afterId;
    } while (afterId !== undefined);
  }
}
