import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newPetOf, type Pet } from '@petstore/core/pet.js';
import { RestoreConflict } from '@petstore/core/errors.js';
import type { PetRepository, PetRestore } from '@petstore/core/ports.js';
import { CreatePet } from '@petstore/core/use-cases/create-pet.js';
import { ImportPets, type Backup } from '@petstore/core/use-cases/import-pets.js';
import { expectNoPets } from './empty-storage.js';
import {
  itDecidesRestoreConflictsByteForByte,
  itKeepsEveryFieldsDomainThroughRestores,
} from './field-domain.contract.js';
import { A_PET_WITH_EVERY_FIELD, exportedPets, type RestoreFixture } from './fixtures.js';
import { describeIdSpaceEnd } from './id-space.contract.js';
import { expectList, expectPet, expectPets, tamperWith } from './pet-expectations.js';

const pet = (id: number, fields: Partial<Pet> = {}): Pet => ({ id, name: `Pet ${id}`, categoryId: id % 3, ...fields });

/** Pets as a backup holds them, each under the id `idOf` gives it. */
function backupOf(pets: readonly Pet[], idOf: (pet: Pet) => number): Backup {
  return {
    name: 'backup',
    where: (place) => `entry ${place}`,
    // eslint-disable-next-line @typescript-eslint/require-await -- an async source, as a file is
    entries: async function* () {
      yield* pets.map((each, index) => ({ place: index + 1, id: idOf(each), newPet: newPetOf(each) }));
    },
  };
}

const silently = { update: () => undefined, finish: () => undefined };

/** What restoring pets under their own ids must do, in every storage that offers it. */
export function describePetRestoreContract(name: string, createFixture: () => Promise<RestoreFixture>): void {
  describe(`${name} honours the PetRestore contract`, () => {
    let fixture: RestoreFixture;
    let pets: PetRepository & PetRestore;

    beforeEach(async () => {
      fixture = await createFixture();
      pets = fixture.repository;
      await expectNoPets(pets);
    });
    afterEach(async () => {
      await fixture.dispose();
    });

    it('stores each pet under its own id, and later adds get ids above all of them', async () => {
      const restored = [pet(3, { status: 'sold' }), pet(7), pet(12, { status: 'available' })];
      expect(await pets.restore(restored)).toEqual({ added: 3, unchanged: 0 });
      await expectList(pets, { limit: 10 }, restored);
      await expectList(pets, { limit: 10, status: 'sold' }, [restored[0]!]);
      expectPet(await pets.findById(7), restored[1]!, 'findById');
      expect(Object.keys((await pets.findById(7)) ?? {}).sort()).toEqual(['categoryId', 'id', 'name']);
      expect((await pets.add({ name: 'New', categoryId: 1 })).id).toBe(13);
    });

    it('keeps every field of a pet through export and import', async () => {
      const added = await pets.add({ ...A_PET_WITH_EVERY_FIELD });
      // The export imported again under ids of its own, beside the pets it was read from.
      const backup = backupOf(await exportedPets(pets), ({ id }) => id + 1000);
      const imported = { id: added.id + 1000, ...A_PET_WITH_EVERY_FIELD };
      await new ImportPets(new CreatePet(pets), pets).execute(backup, 'restore', silently);
      expectPet(await pets.findById(imported.id), imported, 'findById after an import');
      await expectList(pets, { limit: 10, afterId: added.id }, [imported]);
      expectPets(await exportedPets(pets), [added, imported], 'export after an import');
    });

    itKeepsEveryFieldsDomainThroughRestores(() => pets);

    it('keeps pets as restored when the caller later changes the objects it passed', async () => {
      const passed = [pet(1, { status: 'pending' }), pet(2)];
      const stored = passed.map((each) => ({ ...each }));
      await pets.restore(passed);
      passed.forEach(tamperWith);
      expectPet(await pets.findById(1), stored[0]!, 'findById after a change to what restore was given');
      expectPets(await pets.list({ limit: 10 }), stored, 'list after a change to what restore was given');
      expect(await pets.restore(stored), 'the same pets restored again').toEqual({ added: 0, unchanged: 2 });
    });

    it('adds nothing when the same pets are restored again', async () => {
      const restored = [pet(1), pet(2, { status: 'pending' })];
      await pets.restore(restored);
      expect(await pets.restore(restored)).toEqual({ added: 0, unchanged: 2 });
      await expectList(pets, { limit: 10 }, restored);
    });

    it('fills gaps between stored ids, keeping every list in id order', async () => {
      await pets.restore([pet(2, { status: 'sold' }), pet(5, { status: 'sold' })]);
      expect(await pets.restore([pet(1), pet(3, { status: 'sold' }), pet(5, { status: 'sold' })])).toEqual({
        added: 2,
        unchanged: 1,
      });
      expect((await pets.list({ limit: 10 })).map(({ id }) => id)).toEqual([1, 2, 3, 5]);
      expect((await pets.list({ limit: 10, status: 'sold' })).map(({ id }) => id)).toEqual([2, 3, 5]);
      expectPet(await pets.findById(3), pet(3, { status: 'sold' }), 'findById');
      expect(await pets.findById(4)).toBeUndefined();
      expect((await pets.add({ name: 'New', categoryId: 1 })).id).toBe(6);
    });

    it('follows pets the storage numbered itself', async () => {
      const added = await pets.add({ name: 'First', categoryId: 1 });
      expect(await pets.restore([added, pet(added.id + 1)])).toEqual({ added: 1, unchanged: 1 });
      expect((await pets.add({ name: 'Next', categoryId: 1 })).id).toBe(added.id + 2);
    });

    it('names the ids that hold a different pet, each field compared', async () => {
      await pets.restore([pet(1), pet(2), pet(3), pet(4, { status: 'sold' }), pet(5)]);
      const candidates = [
        pet(1),
        pet(2, { name: 'Other' }),
        pet(3, { categoryId: 99 }),
        pet(4),
        pet(5, { status: 'sold' }),
        pet(6),
      ];
      expect(await pets.conflictsOf(candidates)).toEqual([2, 3, 4, 5]);
      expect(await pets.conflictsOf([pet(1), pet(6)])).toEqual([]);
    });

    itDecidesRestoreConflictsByteForByte(() => pets);

    it('writes nothing of a batch in which one id holds a different pet', async () => {
      await pets.restore([pet(2)]);
      const refused = pets.restore([pet(1), pet(2, { name: 'Changed' }), pet(3)]);
      await expect(refused).rejects.toBeInstanceOf(RestoreConflict);
      await expect(refused).rejects.toMatchObject({
        name: 'RestoreConflict',
        code: 'restore_conflict',
        id: 2,
        message: 'pet 2 is stored already with other fields',
      });
      await expectList(pets, { limit: 10 }, [pet(2)]);
    });

    it('refuses ids out of order, repeated or not pet ids, and writes nothing', async () => {
      for (const batch of [
        [pet(2), pet(1)],
        [pet(1), pet(1)],
      ]) {
        await expect(pets.restore(batch)).rejects.toThrow(
          new TypeError('pets are restored in strictly ascending id order'),
        );
      }
      for (const id of [0, 1.5, 2 ** 53]) {
        await expect(pets.restore([pet(id)])).rejects.toThrow(
          new TypeError(`a restored pet's id must be a pet id, not ${id}`),
        );
      }
      await expectList(pets, { limit: 10 }, []);
    });

    it('reserves ids: later adds take ids above them, and restores still write them', async () => {
      await pets.reserveIds(10);
      await expectList(pets, { limit: 10 }, []);
      expect(await pets.findById(10)).toBeUndefined();
      expect((await pets.add({ name: 'New', categoryId: 1 })).id).toBe(11);
      expect(await pets.restore([pet(3), pet(10)])).toEqual({ added: 2, unchanged: 0 });
      expect((await pets.list({ limit: 10 })).map(({ id }) => id)).toEqual([3, 10, 11]);
    });

    it('never lowers a reservation, nor the ids handed out already', async () => {
      await pets.reserveIds(10);
      await pets.reserveIds(4);
      expect((await pets.add({ name: 'New', categoryId: 1 })).id).toBe(11);
      await pets.reserveIds(11);
      expect((await pets.add({ name: 'Next', categoryId: 1 })).id).toBe(12);
    });

    it('refuses a reservation through what is not a pet id, and reserves nothing', async () => {
      for (const id of [0, -1, 1.5, 2 ** 53, Number.NaN]) {
        await expect(pets.reserveIds(id)).rejects.toThrow(
          new TypeError(`ids are reserved through a pet id, not ${id}`),
        );
      }
      expect((await pets.add({ name: 'First', categoryId: 1 })).id).toBe(1);
    });

    it('takes an empty batch as nothing to do', async () => {
      expect(await pets.restore([])).toEqual({ added: 0, unchanged: 0 });
      expect((await pets.add({ name: 'First', categoryId: 1 })).id).toBe(1);
    });

    describeIdSpaceEnd(() => pets);
  });
}
