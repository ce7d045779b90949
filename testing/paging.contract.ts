import { it } from 'vitest';
import { PAGE_LIMIT_MAX, type PetPageQuery } from '@petstore/core/paging.js';
import type { Pet, PetStatus } from '@petstore/core/pet.js';
import type { PetRepository } from '@petstore/core/ports.js';
import { expectPets } from './pet-expectations.js';
import { kitSeed, seededRandom } from './seeded-random.js';

/** The largest page the core asks for: a page and one pet more, to know whether there is a next. */
const LARGEST_PAGE = PAGE_LIMIT_MAX + 1;
/** More pets than the largest page holds. */
const PETS = LARGEST_PAGE + 4;

/** The limits tried: each end of the range, either side of its middle, and a few drawn from the kit's seed. */
function limitsTried(): number[] {
  const random = seededRandom(kitSeed());
  const drawn = Array.from({ length: 4 }, () => random.integer(4, PAGE_LIMIT_MAX - 2));
  return [1, 2, 3, 49, 50, 51, ...drawn, PAGE_LIMIT_MAX - 1, PAGE_LIMIT_MAX, LARGEST_PAGE];
}
const STATUSES: readonly (PetStatus | undefined)[] = ['sold', undefined, 'pending', 'available'];

/** Every pet `list` gives for the query, a page at a time after the last id of the page before. */
async function pageByPage(pets: PetRepository, query: PetPageQuery): Promise<Pet[]> {
  const listed: Pet[] = [];
  // As many pages as the pets fill, and one more: a storage that ignores afterId cannot keep the loop going.
  for (let page = 0; page <= Math.ceil(PETS / query.limit); page += 1) {
    const next = await pets.list({ ...query, afterId: listed.at(-1)?.id ?? 0 });
    listed.push(...next);
    if (next.length < query.limit) break;
  }
  return listed;
}

/**
 * Pages over the range of limits the core asks of a storage, 1 to 101 (ListPets asks for one pet more
 * than a page), and larger reads. The pets' names, categoryIds and statuses sort against
 * their ids, so that a list in any order but the ids' fails, naming list.
 */
export function itPagesOverEveryLimit(repository: () => PetRepository): void {
  it(`lists in ascending id order at limits from 1 to ${LARGEST_PAGE} and beyond, page after page, whatever the names`, async () => {
    const pets = repository();
    const added = await Promise.all(
      Array.from({ length: PETS }, (_, index) => {
        const status = STATUSES[index % STATUSES.length];
        const fields = { name: `Pet ${String(PETS - index).padStart(3, '0')}`, categoryId: PETS - index };
        return pets.add(status === undefined ? fields : { ...fields, status });
      }),
    );
    const stored = added.sort((a, b) => a.id - b.id);
    const limits = limitsTried();
    const pages = await Promise.all(limits.map((limit) => pets.list({ limit })));
    limits.forEach((limit, index) => {
      expectPets(pages[index]!, stored.slice(0, limit), `list({"limit":${limit}}) of ${PETS} pets`);
    });
    expectPets(await pets.list({ limit: 1000 }), stored, `list({"limit":1000}) of ${PETS} pets`);
    for (const limit of [LARGEST_PAGE, 9])
      expectPets(await pageByPage(pets, { limit }), stored, `list({"limit":${limit}}), page after page`);
    const sold = stored.filter((pet) => pet.status === 'sold');
    for (const limit of [LARGEST_PAGE, 4])
      expectPets(
        await pageByPage(pets, { limit, status: 'sold' }),
        sold,
        `list({"limit":${limit},"status":"sold"}), page after page`,
      );
  });
}
