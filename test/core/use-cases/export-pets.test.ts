import { describe, expect, it } from 'vitest';
import { PAGE_LIMIT_MAX } from '../../../core/paging.js';
import type { Pet } from '../../../core/pet.js';
import { ExportPets } from '../../../core/use-cases/export-pets.js';
import { InMemoryPetRepository } from '../../../adapters/persistence/in-memory/in-memory-pet-repository.js';

async function storeOf(count: number): Promise<InMemoryPetRepository> {
  const store = new InMemoryPetRepository();
  await store.restore(
    Array.from({ length: count }, (_, index): Pet => ({
      id: 2 * index + 1,
      name: `Pet ${index}`,
      categoryId: 1,
      ...(index % 2 === 0 ? { status: 'sold' as const } : {}),
    })),
  );
  return store;
}

async function pagesOf(pages: AsyncIterable<Pet[]>): Promise<Pet[][]> {
  const all: Pet[][] = [];
  for await (const page of pages) all.push(page);
  return all;
}

describe('ExportPets', () => {
  it('gives every pet in ascending id order, a full page at a time', async () => {
    const pages = await pagesOf(new ExportPets(await storeOf(2 * PAGE_LIMIT_MAX + 1)).pages());
    expect(pages.map((page) => page.length)).toEqual([PAGE_LIMIT_MAX, PAGE_LIMIT_MAX, 1]);
    expect(pages.flat().map((pet) => pet.id)).toEqual(
      Array.from({ length: 2 * PAGE_LIMIT_MAX + 1 }, (_, index) => 2 * index + 1),
    );
  });

  it('gives only the pets with the status asked for, and one empty page for an empty catalogue', async () => {
    const sold = (await pagesOf(new ExportPets(await storeOf(10)).pages('sold'))).flat();
    expect(sold.map((pet) => pet.id)).toEqual([1, 5, 9, 13, 17]);
    expect(await pagesOf(new ExportPets(new InMemoryPetRepository()).pages())).toEqual([[]]);
  });

  it('reads the next page only when asked for it', async () => {
    const store = await storeOf(3 * PAGE_LIMIT_MAX);
    const list = store.list.bind(store);
    let reads = 0;
    Object.assign(store, { list: (query: Parameters<typeof list>[0]) => ((reads += 1), list(query)) });
    const pages = new ExportPets(store).pages();
    await pages.next();
    await pages.next();
    expect(reads).toBe(2);
    await pages.return(undefined);
    expect(reads).toBe(2);
  });
});
