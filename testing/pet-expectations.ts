import { expect } from 'vitest';
import type { PetPageQuery } from '@petstore/core/paging.js';
import type { Pet, PetId } from '@petstore/core/pet.js';
import type { PetRepository } from '@petstore/core/ports.js';

/** An error as a message names it: its class and its words. */
export const describeError = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : `a non-error value (${String(error)})`;

/** What a field missing from a pet reads as: `status: undefined` is a field, and the contract tells them apart. */
const NO_FIELD = '(no field)';

function shown(pet: object, field: string): string {
  if (!Object.hasOwn(pet, field)) return NO_FIELD;
  const value: unknown = (pet as Record<string, unknown>)[field];
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

/** Each field that differs between the pet a call gave and the one stored, naming both values. */
export function fieldDifferences(given: Pet, stored: Pet): string[] {
  const fields = new Set([...Object.keys(stored), ...Object.keys(given)]);
  return [...fields].flatMap((field) => {
    const [got, wanted] = [shown(given, field), shown(stored, field)];
    return got === wanted ? [] : [`${field}: expected ${wanted}, got ${got}`];
  });
}

/** The pet `call` gave is the one stored, field by field; a failure names each field and both its values. */
export function expectPet(given: Pet | undefined, stored: Pet, call: string): void {
  expect(given, `${call} gave no pet; expected pet ${stored.id}`).toBeDefined();
  const differences = fieldDifferences(given!, stored);
  expect(differences, `${call} gave pet ${stored.id} with other fields: ${differences.join('; ')}`).toEqual([]);
}

const idsOf = (pets: readonly Pet[]) => pets.map((pet) => pet.id);

/**
 * The pets `call` gave are the ones stored, in the same order and field by field. A failure says how
 * many were expected and seen, which ids are missing, extra or out of order, and each differing field.
 */
export function expectPets(given: readonly Pet[], stored: readonly Pet[], call: string): void {
  const [got, wanted] = [idsOf(given), idsOf(stored)];
  const missing = wanted.filter((id) => !got.includes(id));
  const extra = got.filter((id) => !wanted.includes(id));
  expect(
    got.join(),
    `${call} gave ${got.length} pets, expected ${wanted.length}` +
      (missing.length > 0 ? `; missing ids ${missing.join(', ')}` : '') +
      (extra.length > 0 ? `; unexpected ids ${extra.join(', ')}` : '') +
      (missing.length + extra.length === 0 ? '; the same ids in another order' : '') +
      ` (ids as given: ${got.join(', ')}; expected: ${wanted.join(', ')})`,
  ).toBe(wanted.join());
  const differences = given.flatMap((pet, index) =>
    fieldDifferences(pet, stored[index]!).map((difference) => `pet ${pet.id}: ${difference}`),
  );
  expect(differences, `${call} gave pets with other fields: ${differences.join('; ')}`).toEqual([]);
}

/** The page `list` gives for `query` is `expected`, pet by pet and field by field. */
export async function expectList(pets: PetRepository, query: PetPageQuery, expected: readonly Pet[]): Promise<void> {
  expectPets(await pets.list(query), expected, `list(${JSON.stringify(query)})`);
}

/** Ids handed out by `count` calls are all distinct; a failure says how many were distinct and which repeated. */
export function expectDistinctIds(ids: readonly PetId[], count: number, calls: string): void {
  const repeated = [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
  expect(
    repeated,
    `${calls}: expected ${count} distinct ids, saw ${new Set(ids).size} distinct of ${ids.length}; ` +
      `${repeated.length} repeated (${repeated.slice(0, 10).join(', ')})`,
  ).toEqual([]);
  expect(ids, `${calls}: expected ${count} ids, saw ${ids.length}`).toHaveLength(count);
}

/** A caller's changes to every field of `pet`: refused (frozen) or not, nothing stored may follow them. */
export function tamperWith(pet: object): void {
  const fields = pet as Record<string, unknown>;
  for (const [field, value] of Object.entries({ id: 0, name: 'Tampered', categoryId: -7, status: 'tampered' })) {
    try {
      fields[field] = value;
    } catch {
      // A frozen object refuses in strict mode, which is a way to keep the stored pet as it was.
    }
  }
}

/**
 * Two reads never share an object a caller can change: each gets its own, or what they share is
 * frozen. A shared mutable object would show one caller's changes, or the next read's fields, to the other.
 */
export function expectUnshared(first: object, second: object, reads: string): void {
  expect(first === second && !Object.isFrozen(first), `${reads} share one object that can be changed`).toBe(false);
}
