import { expect, it } from 'vitest';
import { CATEGORY_ID_MAX, petOf, type NewPet, type Pet } from '@petstore/core/pet.js';
import type { PetRepository, PetRestore } from '@petstore/core/ports.js';
import {
  differenceOf,
  domainPets,
  expectNoDomainFailure,
  failsAlone,
  readBackFailures,
  rejectionOf,
  shownPet,
  type DomainFailure,
  type Given,
} from './domain-check.js';
import { describeError, expectList } from './pet-expectations.js';

/**
 * Every field over its whole domain, as the core defines it: names of 1 to 200 UTF-16 code units
 * from all of Unicode the rules allow, categoryIds across their range, each status and none. The
 * boundaries are pinned and pets drawn besides; a failure names the smallest pet that fails alone.
 */
export function itKeepsEveryFieldsDomainThroughAdds(repository: () => PetRepository): void {
  it('keeps every name, categoryId and status the core accepts, as given, through add, addOnce, findById, list and export', async () => {
    const pets = repository();
    const domain = domainPets();
    let keys = 0;
    const ways = {
      add: (pet: NewPet) => pets.add(pet),
      addOnce: async (pet: NewPet) => {
        keys += 1;
        const key = { client: 'client-a', key: `domain-${keys}` };
        return (await pets.addOnce(pet, { key, claimedAt: 1_000, keptUntil: 2_000 })).pet;
      },
    };
    const wayOf = (index: number) => (index % 2 === 0 ? 'add' : 'addOnce');
    const probes = { add: failsAlone(pets, ways.add), addOnce: failsAlone(pets, ways.addOnce) };
    const settled = await Promise.allSettled(domain.pets.map((pet, index) => ways[wayOf(index)]({ ...pet })));
    const failures: DomainFailure[] = [];
    const stored: Pet[] = [];
    const givenAs = new Map<number, Given>();
    settled.forEach((outcome, index) => {
      const way = wayOf(index);
      const given = { pet: domain.pets[index]!, fails: probes[way] };
      if (outcome.status === 'rejected') return void failures.push(rejectionOf(way, outcome.reason, given));
      const wanted = petOf(outcome.value.id, given.pet);
      stored.push(wanted);
      givenAs.set(wanted.id, given);
      failures.push(...differenceOf(way, outcome.value, wanted, given));
    });
    failures.push(...(await readBackFailures(pets, stored, givenAs)));
    await expectNoDomainFailure(failures, domain, probes.add);
  });
}

/** The same domain through restore, which also compares each pet with what is stored, byte for byte. */
export function itKeepsEveryFieldsDomainThroughRestores(repository: () => PetRepository & PetRestore): void {
  it('keeps every name, categoryId and status the core accepts, as restored, through findById, list and export, and restoring them again changes nothing', async () => {
    const pets = repository();
    const domain = domainPets();
    // Pets restored one at a time, under ids above the batch's.
    let aloneId = 1_000_000;
    const fails = failsAlone(pets, async (pet) => {
      aloneId += 1;
      const alone = petOf(aloneId, pet);
      await pets.restore([alone]);
      const again = await pets.restore([alone]);
      if (again.unchanged !== 1) throw new Error(`restored again, it was counted ${JSON.stringify(again)}`);
      return alone;
    });
    // Ids with gaps between them, as a backup's have.
    const restored = domain.pets.map((pet, index) => petOf(3 * index + 2, pet));
    const givenAs = new Map(restored.map((pet, index) => [pet.id, { pet: domain.pets[index]!, fails }]));
    const failures = await restoreFailures(pets, restored, givenAs);
    await expectNoDomainFailure(failures, domain, fails);
  });
}

async function restoreFailures(
  pets: PetRepository & PetRestore,
  restored: readonly Pet[],
  givenAs: ReadonlyMap<number, Given>,
): Promise<DomainFailure[]> {
  const count = `${restored.length} pets`;
  try {
    const first = await pets.restore(restored);
    if (first.added !== restored.length)
      return [{ says: `restore of ${count} none of them stored counted ${JSON.stringify(first)}` }];
  } catch (error) {
    return [{ says: `restore of ${count} rejected with ${describeError(error)}` }];
  }
  const failures = await readBackFailures(pets, restored, givenAs);
  const conflicts = await pets.conflictsOf(restored);
  failures.push(
    ...conflicts.map((id) => ({
      says: `conflictsOf named pet ${id}, as restored, as held with other fields`,
      given: givenAs.get(id),
    })),
  );
  try {
    const again = await pets.restore(restored);
    if (again.unchanged !== restored.length)
      failures.push({ says: `restore of the same ${count} again counted ${JSON.stringify(again)}` });
  } catch (error) {
    const id = (error as { id?: unknown }).id;
    failures.push({
      says: `restore of the same ${count} again rejected with ${describeError(error)}`,
      given: typeof id === 'number' ? givenAs.get(id) : undefined,
    });
  }
  return failures;
}

const pet = (id: number, fields: Partial<NewPet>): Pet => petOf(id, { name: 'Rex', categoryId: 1, ...fields });

/** A backup's pet is restored only over the very same pet: what a collation or a trim calls equal is a conflict. */
export function itDecidesRestoreConflictsByteForByte(repository: () => PetRepository & PetRestore): void {
  it('finds a conflict byte for byte: a name that differs only by case, a trailing space or its Unicode form is another pet', async () => {
    const pets = repository();
    const stored = [
      pet(1, { name: 'Rex' }),
      pet(2, { name: 'Rex' }),
      pet(3, { name: 'Rex' }),
      pet(4, { name: '\u00E9' }),
      pet(5, { categoryId: CATEGORY_ID_MAX }),
    ];
    const lookalikes = [
      pet(1, { name: 'rex' }),
      pet(2, { name: 'Rex ' }),
      pet(3, { name: 'rex ' }),
      pet(4, { name: 'e\u0301' }),
      pet(5, { categoryId: CATEGORY_ID_MAX - 1 }),
    ];
    await pets.restore(stored);
    const conflicts = await pets.conflictsOf(lookalikes);
    expect(
      conflicts,
      `conflictsOf ${lookalikes.map(shownPet).join(', ')} over ${stored.map(shownPet).join(', ')} named ` +
        `[${conflicts.join(', ')}]: a restore compares each field byte for byte`,
    ).toEqual([1, 2, 3, 4, 5]);
    for (const lookalike of lookalikes) {
      await expect(
        pets.restore([lookalike]),
        `restore of ${shownPet(lookalike)} over ${shownPet(stored[lookalike.id - 1]!)}`,
      ).rejects.toMatchObject({ code: 'restore_conflict', id: lookalike.id });
    }
    await expectList(pets, { limit: 10 }, stored);
  });
}
