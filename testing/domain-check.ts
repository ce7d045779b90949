import { expect } from 'vitest';
import { PAGE_LIMIT_MAX } from '@petstore/core/paging.js';
import { PET_STATUSES, petOf, type NewPet, type Pet, type PetId, type PetStatus } from '@petstore/core/pet.js';
import type { PetRepository } from '@petstore/core/ports.js';
import { exportedPets } from './fixtures.js';
import { boundaryPets, generatedPets } from './pet-domain.js';
import { describeError, expectPets, fieldDifferences } from './pet-expectations.js';
import { kitSeed, seededRandom } from './seeded-random.js';
import { smallestFailingPet, type FailsTheRule } from './smallest-failing-pet.js';

/** Pets drawn besides the boundaries: enough to vary every field, few enough to store in a moment. */
const GENERATED_PETS = 40;

/** Drawn once for every suite of a run: the same seed draws the same pets. */
let drawn: { readonly pets: readonly NewPet[]; readonly seed: number } | undefined;

/**
 * The pets a rule over the whole domain stores: every boundary, then pets drawn from the kit's seed.
 * Frozen: a rule hands a storage copies, so that no storage can change them for the next.
 */
export function domainPets(): { readonly pets: readonly NewPet[]; readonly seed: number } {
  const seed = kitSeed();
  if (drawn?.seed !== seed) {
    const pets = [...boundaryPets(), ...generatedPets(seededRandom(seed), GENERATED_PETS)];
    drawn = { seed, pets: Object.freeze(pets.map((pet) => Object.freeze(pet))) };
  }
  return drawn;
}

/** A pet as it was given, and how to tell whether it fails when stored alone the same way. */
export interface Given {
  readonly pet: NewPet;
  readonly fails: FailsTheRule;
}

/** What went wrong, and with which pet when one can be named. */
export interface DomainFailure {
  readonly says: string;
  readonly given?: Given | undefined;
}

/** A pet as a message shows it: JSON, with each invisible, space-like or combining character but the space escaped. */
export function shownPet(pet: NewPet | Pet): string {
  return JSON.stringify(pet).replace(/[\p{C}\p{Z}\p{M}]/gu, (character) =>
    character === ' ' ? character : `\\u{${character.codePointAt(0)!.toString(16).toUpperCase()}}`,
  );
}

/** A stored pet read back as `got` by `call`: a failure naming the field and both values, or none. */
export function differenceOf(call: string, got: Pet | undefined, wanted: Pet, given?: Given): DomainFailure[] {
  if (got === undefined) return [{ says: `${call} gave no pet ${wanted.id}`, given }];
  const differences = fieldDifferences(got, wanted);
  return differences.length === 0
    ? []
    : [{ says: `${call} gave pet ${wanted.id} with other fields: ${differences.join('; ')}`, given }];
}

export function rejectionOf(call: string, error: unknown, given: Given): DomainFailure {
  return { says: `${call} rejected ${shownPet(given.pet)} with ${describeError(error)}`, given };
}

/** Every pet `list` gives, a page after another, at the largest page the core asks for. */
async function everyPage(pets: PetRepository, count: number, status?: PetStatus): Promise<Pet[]> {
  const limit = PAGE_LIMIT_MAX + 1;
  const listed: Pet[] = [];
  // A page more than the pets fill, so that a storage that ignores afterId cannot keep the loop going.
  for (let page = 0; page <= Math.ceil(count / limit); page += 1) {
    const next = await pets.list({ limit, status, afterId: listed.at(-1)?.id ?? 0 });
    listed.push(...next);
    if (next.length < limit) break;
  }
  return listed;
}

/**
 * The stored pets, each read back by findById, by list page after page (with each status and without),
 * and by an export. Ids missing, extra or out of order fail at once (paging has rules of its own); a
 * field read back other than it went in is a failure naming the pet given.
 */
export async function readBackFailures(
  pets: PetRepository,
  stored: readonly Pet[],
  givenAs: ReadonlyMap<PetId, Given>,
): Promise<DomainFailure[]> {
  const inIdOrder = [...stored].sort((a, b) => a.id - b.id);
  const found = await Promise.all(inIdOrder.map((pet) => pets.findById(pet.id)));
  const failures = inIdOrder.flatMap((pet, index) => differenceOf('findById', found[index], pet, givenAs.get(pet.id)));
  const readings: [string, Pet[], Pet[]][] = [
    ['list, page after page', await everyPage(pets, inIdOrder.length), inIdOrder],
    ...(await Promise.all(
      PET_STATUSES.map(async (status): Promise<[string, Pet[], Pet[]]> => {
        const wanted = inIdOrder.filter((pet) => pet.status === status);
        return [`list by status ${status}`, await everyPage(pets, wanted.length, status), wanted];
      }),
    )),
    ['export', await exportedPets(pets), inIdOrder],
  ];
  for (const [call, got, wanted] of readings) {
    if (got.map((pet) => pet.id).join() !== wanted.map((pet) => pet.id).join()) expectPets(got, wanted, call);
    failures.push(...wanted.flatMap((pet, index) => differenceOf(call, got[index], pet, givenAs.get(pet.id))));
  }
  return failures;
}

/** Whether a pet stored alone by `store` reads back otherwise, by findById or by list; a rejection fails too. */
export function failsAlone(pets: PetRepository, store: (pet: NewPet) => Promise<Pet>): FailsTheRule {
  return async (pet) => {
    let stored: Pet;
    try {
      stored = await store({ ...pet });
    } catch {
      return true;
    }
    const wanted = petOf(stored.id, pet);
    const [found, listed] = await Promise.all([
      pets.findById(stored.id),
      pets.list({ limit: 1, afterId: stored.id - 1 }),
    ]);
    return [stored, found, listed[0]].some((got) => differenceOf('', got, wanted).length > 0);
  };
}

/**
 * No failure; else a message with how many, the first, the seed the pets were drawn from, and the
 * smallest pet that fails on its own: shrunk from the first failure's pet, or else from the first pet
 * of the batch that `fails` alone.
 */
export async function expectNoDomainFailure(
  failures: readonly DomainFailure[],
  { pets, seed }: { readonly pets: readonly NewPet[]; readonly seed: number },
  fails: FailsTheRule,
): Promise<void> {
  if (failures.length === 0) return;
  const named = failures.find((failure) => failure.given !== undefined)?.given;
  let smallest: NewPet | undefined;
  for (const { pet, fails: failsAlone } of named === undefined ? pets.map((pet) => ({ pet, fails })) : [named]) {
    if (await failsAlone(pet)) {
      smallest = await smallestFailingPet(pet, failsAlone);
      break;
    }
  }
  const failing = new Set(failures.map((failure) => failure.given?.pet));
  expect(
    failures.length,
    (failing.has(undefined)
      ? `the batch of ${pets.length} pets failed`
      : `${failing.size} of ${pets.length} pets failed`) +
      ` (the boundaries, and pets drawn with seed ${seed}: PETSTORE_KIT_SEED=${seed} draws them again); ` +
      `the first: ${failures[0]!.says}; ` +
      (smallest === undefined
        ? 'no pet fails when stored alone'
        : `the smallest pet that fails when stored alone: ${shownPet(smallest)}`),
  ).toBe(0);
}
