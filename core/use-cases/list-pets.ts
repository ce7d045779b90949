import {
  assertValidPageQuery,
  PAGE_LIMIT_DEFAULT,
  type PetPage,
  type PetPageQuery,
  type PetPageRequest,
} from '../paging.js';
import type { Pet } from '../pet.js';
import type { PetRepository } from '../ports.js';

export class ListPets {
  constructor(private readonly pets: Pick<PetRepository, 'list'>) {}

  /** Without a limit, a page holds PAGE_LIMIT_DEFAULT pets. */
  async execute(request: PetPageRequest): Promise<PetPage> {
    const limit = request.limit ?? PAGE_LIMIT_DEFAULT;
    const query: PetPageQuery = { ...request, limit };
    assertValidPageQuery(query);
    // One extra row tells whether a next page exists without a second query.
    const rows = await this.pets.list({ ...query, limit: limit + 1 });
    if (rows.length <= limit) return { pets: rows };
    const pets = rows.slice(0, limit);
    return { pets, next: { ...query, afterId: (pets.at(-1) as Pet).id } };
  }
}
