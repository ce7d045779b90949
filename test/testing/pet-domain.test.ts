import { describe, expect, it } from 'vitest';
import { assertValidNewPet, CATEGORY_ID_MAX, CATEGORY_ID_MIN, newPetOf, PET_NAME_MAX_LENGTH } from '../../core/pet.js';
import { shownPet } from '../../testing/domain-check.js';
import { BOUNDARY_CATEGORY_IDS, BOUNDARY_NAMES, boundaryPets, generatedPets } from '../../testing/pet-domain.js';
import { seededRandom } from '../../testing/seeded-random.js';
import { smallestFailingPet } from '../../testing/smallest-failing-pet.js';

const BEYOND_THE_BMP = /[\u{10000}-\u{10FFFF}]/u;

describe("the kit's pets over the whole domain", () => {
  it('pins names the core accepts, at each end of its length and beyond the BMP at the longest', () => {
    for (const name of BOUNDARY_NAMES)
      expect(() => {
        assertValidNewPet({ name, categoryId: 0 });
      }).not.toThrow();
    const lengths = BOUNDARY_NAMES.map((name) => name.length);
    expect(Math.min(...lengths)).toBe(1);
    expect(Math.max(...lengths)).toBe(PET_NAME_MAX_LENGTH);
    const longestBeyondTheBmp = BOUNDARY_NAMES.filter(
      (name) =>
        name.length === PET_NAME_MAX_LENGTH && Array.from(name).every((character) => BEYOND_THE_BMP.test(character)),
    );
    expect(longestBeyondTheBmp).not.toEqual([]);
    expect(BOUNDARY_NAMES).toEqual(expect.arrayContaining(['Rex', 'rex', 'Rex ', ' Rex', '\u00E9', 'e\u0301']));
  });

  it('pins categoryIds at both ends of the range and of 32-bit integers', () => {
    expect(BOUNDARY_CATEGORY_IDS).toEqual(
      expect.arrayContaining([CATEGORY_ID_MIN, CATEGORY_ID_MAX, -1, 0, 2 ** 31, -(2 ** 31) - 1, 2 ** 32]),
    );
    const pets = boundaryPets();
    expect(pets.map((pet) => pet.name)).toEqual(expect.arrayContaining([...BOUNDARY_NAMES]));
    expect(pets.map((pet) => pet.categoryId)).toEqual(expect.arrayContaining([...BOUNDARY_CATEGORY_IDS]));
    expect(new Set(pets.map((pet) => pet.status))).toEqual(new Set([undefined, 'available', 'pending', 'sold']));
  });

  it('draws the same valid pets from the same seed, and others from another', () => {
    const drawn = generatedPets(seededRandom(7), 200);
    expect(generatedPets(seededRandom(7), 200)).toEqual(drawn);
    expect(generatedPets(seededRandom(8), 200)).not.toEqual(drawn);
    for (const pet of drawn)
      expect(() => {
        assertValidNewPet(pet);
      }).not.toThrow();
    const lengths = drawn.map((pet) => pet.name.length);
    expect(lengths).toContain(1);
    expect(lengths).toContain(PET_NAME_MAX_LENGTH);
    expect(drawn.some((pet) => BEYOND_THE_BMP.test(pet.name))).toBe(true);
    expect(drawn.some((pet) => pet.categoryId < -(2 ** 32))).toBe(true);
    expect(drawn.some((pet) => pet.categoryId > 2 ** 32)).toBe(true);
    expect(drawn.some((pet) => !('status' in pet))).toBe(true);
  });

  it('shows a pet with its invisible, space-like and combining characters escaped, the space kept', () => {
    expect(shownPet({ name: ' e\u0301\u00A0\u200B\uFEFF🐶', categoryId: 1 })).toBe(
      '{"name":" e\\u{301}\\u{A0}\\u{200B}\\u{FEFF}🐶","categoryId":1}',
    );
  });
});

describe('the smallest failing pet', () => {
  const failing = newPetOf({
    name: `Bella ${'🐶'.repeat(30)} and ${'x'.repeat(60)}`,
    categoryId: -3_000_000_000,
    status: 'sold',
  });

  it('finds the bound from which an integer column fails, and drops the status and every character it can', async () => {
    const smallest = await smallestFailingPet(failing, (pet) => Promise.resolve(pet.categoryId < -(2 ** 31)));
    expect(smallest).toEqual({ name: 'x', categoryId: -(2 ** 31) - 1 });
  });

  it('keeps the characters that fail, never splitting a surrogate pair', async () => {
    const smallest = await smallestFailingPet(failing, (pet) => Promise.resolve(BEYOND_THE_BMP.test(pet.name)));
    expect(smallest).toEqual({ name: '🐶', categoryId: 0 });
  });

  it('shortens a name to the length from which it fails, counting code points as a server does', async () => {
    const smallest = await smallestFailingPet(failing, (pet) => Promise.resolve(Array.from(pet.name).length > 50));
    expect(Array.from(smallest.name)).toHaveLength(51);
    expect(smallest.categoryId).toBe(0);
  });

  it('tries only valid pets: a name is never left blank', async () => {
    const tried: string[] = [];
    await smallestFailingPet(newPetOf({ name: ' x ', categoryId: 0 }), (pet) => {
      tried.push(pet.name);
      return Promise.resolve(pet.name.endsWith(' '));
    });
    expect(tried.every((name) => name.trim() !== '')).toBe(true);
  });
});
