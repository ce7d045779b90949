import { describe, expect, it } from 'vitest';
import { PET_ID_MAX, type Pet } from '@petstore/core/pet.js';
import type { PetRepository, PetRestore } from '@petstore/core/ports.js';
import { aNewPet } from './fixtures.js';
import { expectList, expectPet } from './pet-expectations.js';

/** How a storage must refuse an add with no id left: the core's PetIdsExhausted, whatever its driver said. */
const NO_ID_LEFT = { name: 'PetIdsExhausted', code: 'pet_ids_exhausted' };

/** What is left of a call: its pet, or the name and code of its refusal. */
async function outcomeOf(call: Promise<Pet>): Promise<Pet | { name: string; code: unknown }> {
  try {
    return await call;
  } catch (error) {
    return { name: (error as Error).name, code: (error as { code?: unknown }).code };
  }
}

/**
 * The end of the id space: ids stop at PET_ID_MAX. Reached only by a restore or a reservation, so
 * these rules run with the PetRestore contract, on its fixture's storage.
 */
export function describeIdSpaceEnd(storage: () => PetRepository & PetRestore): void {
  describe('at the end of the id space', () => {
    it('refuses add and addOnce with PetIdsExhausted once the last pet id is restored, and still serves reads', async () => {
      const pets = storage();
      const last: Pet = { id: PET_ID_MAX, name: 'Last', categoryId: 1 };
      await pets.restore([last]);
      const origin = { key: { client: 'client-a', key: 'k' }, claimedAt: 1_000, keptUntil: 2_000 };
      expect(await outcomeOf(pets.add(aNewPet())), 'add after pet 9007199254740991 was restored').toEqual(NO_ID_LEFT);
      expect(
        await outcomeOf(pets.addOnce(aNewPet(), origin).then(({ pet }) => pet)),
        'addOnce after pet 9007199254740991 was restored',
      ).toEqual(NO_ID_LEFT);
      // The end stays the end: no id wraps round, and nothing was written by the refused adds.
      expect(await outcomeOf(pets.add(aNewPet())), 'a second add after the last id').toEqual(NO_ID_LEFT);
      expectPet(await pets.findById(PET_ID_MAX), last, 'findById of the last id');
      await expectList(pets, { limit: 10 }, [last]);
      expect(await pets.isReachable(), 'isReachable with no id left: reads go on').toBe(true);
    });

    it('hands out the last ids to concurrent adds, each once, then refuses the rest with PetIdsExhausted', async () => {
      const pets = storage();
      const left = 3;
      await pets.reserveIds(PET_ID_MAX - left);
      const outcomes = await Promise.all(Array.from({ length: left + 4 }, () => outcomeOf(pets.add(aNewPet()))));
      const added = outcomes.filter((outcome): outcome is Pet => 'id' in outcome);
      expect(
        added.map(({ id }) => id).sort((a, b) => a - b),
        `7 concurrent adds with ${left} ids left: the ids handed out`,
      ).toEqual([PET_ID_MAX - 2, PET_ID_MAX - 1, PET_ID_MAX]);
      expect(
        outcomes.filter((outcome) => !('id' in outcome)),
        `7 concurrent adds with ${left} ids left: the refusals`,
      ).toEqual(Array.from({ length: 4 }, () => NO_ID_LEFT));
      await expectList(
        pets,
        { limit: 10 },
        [...added].sort((a, b) => a.id - b.id),
      );
    });
  });
}
