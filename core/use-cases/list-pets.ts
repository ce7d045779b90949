import { InvalidPageQuery } from '../errors.js';
import { isPetStatus, STATUS_RULE, type Pet, type PetId, type PetStatus } from '../pet.js';
import type { PetRepository } from '../ports.js';

export const LIST_LIMIT_MIN = 1;
export const LIST_LIMIT_MAX = 100;
export const LIST_LIMIT_DEFAULT = 20;

export interface ListPetsQuery {
  readonly limit?: number | undefined;
  readonly status?: PetStatus | undefined;
  /** Only pets with an id greater than this one; 0 means from the start. */
  readonly afterId?: PetId | undefined;
}

export interface PetPage {
  readonly pets: Pet[];
  /** Set when more pets match beyond this page: the cursor for the next one. */
  readonly nextAfterId?: PetId;
}

export class ListPets {
  constructor(private readonly pets: PetRepository) {}

  async execute(query: ListPetsQuery): Promise<PetPage> {
    const limit = query.limit ?? LIST_LIMIT_DEFAULT;
    assertValidPageQuery({ ...query, limit });
    // One extra row tells whether a next page exists without a second query.
    const rows = await this.pets.list({ ...query, limit: limit + 1 });
    if (rows.length <= limit) return { pets: rows };
    const pets = rows.slice(0, limit);
    return { pets, nextAfterId: (pets.at(-1) as Pet).id };
  }
}

function assertValidPageQuery({ limit, status, afterId }: ListPetsQuery & { limit: number }): void {
  if (!Number.isInteger(limit) || limit < LIST_LIMIT_MIN || limit > LIST_LIMIT_MAX) {
    throw new InvalidPageQuery('limit', `limit must be an integer from ${LIST_LIMIT_MIN} to ${LIST_LIMIT_MAX}`);
  }
  if (status !== undefined && !isPetStatus(status)) {
    throw new InvalidPageQuery('status', STATUS_RULE);
  }
  if (afterId !== undefined && !(Number.isSafeInteger(afterId) && afterId >= 0)) {
    throw new InvalidPageQuery('after', 'after must be a pet id (a non-negative integer)');
  }
}
