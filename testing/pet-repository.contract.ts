import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Pet, PetStatus } from '@petstore/core/pet.js';
import type { PetRepository } from '@petstore/core/ports.js';
import { expectNoPets } from './empty-storage.js';
import { itKeepsEveryFieldsDomainThroughAdds } from './field-domain.contract.js';
import { itPagesOverEveryLimit } from './paging.contract.js';
import { describeAddingOnce } from './add-once.contract.js';
import { A_PET_WITH_EVERY_FIELD, aNewPet, exportedPets, type RepositoryFixture } from './fixtures.js';
import {
  expectDistinctIds,
  expectList,
  expectPet,
  expectPets,
  expectUnshared,
  tamperWith,
} from './pet-expectations.js';

/**
 * What every PetRepository must do. Each storage adapter runs this same suite, so
 * the in-memory and database adapters cannot drift apart.
 */
export function describePetRepositoryContract(name: string, createFixture: () => Promise<RepositoryFixture>): void {
  describe(`${name} honours the PetRepository contract`, () => {
    let fixture: RepositoryFixture;
    let pets: PetRepository;

    beforeEach(async () => {
      fixture = await createFixture();
      pets = fixture.repository;
      await expectNoPets(pets);
    });
    afterEach(async () => {
      await fixture.dispose();
    });

    /** Pets added one after another, named so that they sort against their ids: a list by name fails. */
    async function addMany(count: number, statusOf: (index: number) => PetStatus | undefined = () => undefined) {
      const added = [];
      for (let index = 0; index < count; index += 1) {
        const [name, status] = [`Pet ${count - index}`, statusOf(index)];
        added.push(await pets.add(aNewPet(status === undefined ? { name } : { name, status })));
      }
      return added;
    }

    it('assigns a positive integer id and returns exactly the stored fields', async () => {
      const pet = await pets.add({ name: 'Tom', categoryId: 3, status: 'pending' });
      expect(Number.isSafeInteger(pet.id) && pet.id > 0).toBe(true);
      expectPet(pet, { id: pet.id, name: 'Tom', categoryId: 3, status: 'pending' }, 'add');
    });

    it('keeps every field of a pet through add, get, list and export', async () => {
      const added = await pets.add({ ...A_PET_WITH_EVERY_FIELD });
      const stored = { id: added.id, ...A_PET_WITH_EVERY_FIELD };
      expectPet(added, stored, 'add');
      expectPet(await pets.findById(added.id), stored, 'findById');
      expectPets(await pets.list({ limit: 10 }), [stored], 'list');
      expectPets(await pets.list({ limit: 10, status: A_PET_WITH_EVERY_FIELD.status }), [stored], 'list by status');
      expectPets(await exportedPets(pets), [stored], 'export');
    });

    itKeepsEveryFieldsDomainThroughAdds(() => pets);

    it('keeps a pet without status without a status field', async () => {
      const pet = await pets.add({ name: 'Tom', categoryId: 3 });
      expect(Object.keys(pet).sort()).toEqual(['categoryId', 'id', 'name']);
      expect(Object.keys((await pets.findById(pet.id)) ?? {}).sort()).toEqual(['categoryId', 'id', 'name']);
    });

    it('stores only the NewPet fields, whatever else the object carries', async () => {
      const pet = await pets.add({ ...aNewPet(), id: 999, extra: 'x' } as ReturnType<typeof aNewPet>);
      expect(Object.keys(pet).sort()).toEqual(['categoryId', 'id', 'name']);
      expect(pet.id).not.toBe(999);
    });

    it('hands out increasing ids', async () => {
      const ids = (await addMany(5)).map((pet) => pet.id);
      expect(ids.join(', '), 'ids of 5 adds one after another, in the order handed out').toBe(
        [...ids].sort((a, b) => a - b).join(', '),
      );
      expectDistinctIds(ids, 5, '5 adds one after another');
    });

    it('never hands out an id twice under concurrent adds, and loses no pet', async () => {
      const created = await Promise.all(Array.from({ length: 100 }, () => pets.add(aNewPet())));
      expectDistinctIds(
        created.map((pet) => pet.id),
        100,
        '100 concurrent adds',
      );
      // Each found by its id: a list that loses pets has rules of its own.
      const found = await Promise.all(created.map((pet) => pets.findById(pet.id)));
      const lost = created.filter((_, index) => found[index] === undefined).map((pet) => pet.id);
      expect(lost, `100 concurrent adds answered; findById found no pet under ids ${lost.join(', ')}`).toEqual([]);
    });

    describeAddingOnce(() => pets);

    it('finds a pet by id, and answers undefined for an id nobody has', async () => {
      const [first, second] = await addMany(2);
      expectPet(await pets.findById(second!.id), second!, 'findById');
      expectPet(await pets.findById(first!.id), first!, 'findById');
      expect(await pets.findById(second!.id + 1000)).toBeUndefined();
      expect(await pets.findById(0)).toBeUndefined();
      expect(await pets.findById(-1)).toBeUndefined();
    });

    describe('copies in and out', () => {
      /** The pet as stored, read back both ways: by id and in a list. */
      async function expectStored(stored: Pet, after: string) {
        expectPet(await pets.findById(stored.id), stored, `findById after ${after}`);
        expectPets(await pets.list({ limit: 10 }), [stored], `list after ${after}`);
      }
      const origin = { key: { client: 'client-a', key: 'k' }, claimedAt: 1_000, keptUntil: 2_000 };

      it('keeps a pet as added when the caller later changes the object it passed to add', async () => {
        const newPet = aNewPet({ status: 'pending' });
        const stored = { ...(await pets.add(newPet)) };
        tamperWith(newPet);
        await expectStored(stored, "a change to add's argument");
      });

      it('keeps a pet as added when the caller later changes the object it passed to addOnce', async () => {
        const newPet = aNewPet({ status: 'pending' });
        const stored = { ...(await pets.addOnce(newPet, origin)).pet };
        tamperWith(newPet);
        await expectStored(stored, "a change to addOnce's argument");
        expectPet((await pets.addOnce(aNewPet(), origin)).pet, stored, 'addOnce under the same key');
      });

      it('does not let a caller change a stored pet through what add returns', async () => {
        const added = await pets.add(aNewPet({ status: 'pending' }));
        const stored = { ...added };
        tamperWith(added);
        await expectStored(stored, 'a change to what add returned');
      });

      it('does not let a caller change a stored pet through what addOnce returns, added or found', async () => {
        const added = (await pets.addOnce(aNewPet({ status: 'pending' }), origin)).pet;
        const stored = { ...added };
        tamperWith(added);
        await expectStored(stored, 'a change to what addOnce returned');
        const found = (await pets.addOnce(aNewPet(), origin)).pet;
        tamperWith(found);
        await expectStored(stored, 'a change to what a repeated addOnce returned');
        expectPet((await pets.addOnce(aNewPet(), origin)).pet, stored, 'addOnce under the same key');
      });

      it('does not let a caller change a stored pet through what findById returns', async () => {
        const stored = await pets.add(aNewPet({ status: 'pending' }));
        tamperWith((await pets.findById(stored.id))!);
        await expectStored(stored, 'a change to what findById returned');
      });

      it('does not let a caller change a stored pet through what list returns', async () => {
        const stored = await pets.add(aNewPet({ status: 'pending' }));
        for (const query of [{ limit: 10 }, { limit: 10, status: 'pending' as const }]) {
          tamperWith((await pets.list(query))[0]!);
          await expectStored(stored, `a change to what list(${JSON.stringify(query)}) returned`);
        }
      });

      it('does not let a caller change a stored pet through what an export returns', async () => {
        const stored = await pets.add(aNewPet({ status: 'pending' }));
        tamperWith((await exportedPets(pets))[0]!);
        await expectStored(stored, 'a change to what an export returned');
        expectPets(await exportedPets(pets), [stored], 'a second export');
      });

      it('never lets two reads share an object a caller can change', async () => {
        const [first, second] = [await pets.add(aNewPet()), await pets.add(aNewPet())];
        const byId = async (pet: Pet) => (await pets.findById(pet.id))!;
        expectUnshared(await byId(first), await byId(first), 'two findById of one pet');
        expectUnshared(await byId(first), await byId(second), 'findById of two pets');
        const [listed] = await pets.list({ limit: 1 });
        expectUnshared(listed!, (await pets.list({ limit: 1 }))[0]!, 'two lists');
        expectUnshared(listed!, await byId(first), 'a list and a findById');
      });
    });

    it('lists in ascending id order, at most `limit`', async () => {
      const added = await addMany(7);
      await expectList(pets, { limit: 5 }, added.slice(0, 5));
      await expectList(pets, { limit: 50 }, added);
    });

    itPagesOverEveryLimit(() => pets);

    it('lists an empty store as an empty array', async () => {
      await expectList(pets, { limit: 10 }, []);
      await expectList(pets, { limit: 10, status: 'sold' }, []);
    });

    it('lists only pets with an id greater than afterId', async () => {
      const added = await addMany(6);
      await expectList(pets, { limit: 10, afterId: added[2]!.id }, added.slice(3));
      await expectList(pets, { limit: 2, afterId: added[0]!.id }, added.slice(1, 3));
      await expectList(pets, { limit: 10, afterId: added[5]!.id }, []);
      await expectList(pets, { limit: 10, afterId: 0 }, added);
    });

    it('accepts an afterId beyond every pet', async () => {
      const added = await addMany(4);
      await expectList(pets, { limit: 10, afterId: added[3]!.id + 100 }, []);
      await expectList(pets, { limit: 10, status: 'sold', afterId: added[3]!.id + 100 }, []);
    });

    it('filters by status, in id order, with limit and afterId', async () => {
      const statuses: (PetStatus | undefined)[] = ['sold', 'available', undefined, 'sold', 'pending', 'sold', 'sold'];
      const added = await addMany(statuses.length, (index) => statuses[index]);
      const sold = added.filter((pet) => pet.status === 'sold');
      await expectList(pets, { limit: 10, status: 'sold' }, sold);
      await expectList(pets, { limit: 2, status: 'sold' }, sold.slice(0, 2));
      await expectList(pets, { limit: 10, status: 'sold', afterId: sold[1]!.id }, sold.slice(2));
      await expectList(pets, { limit: 10, status: 'pending' }, [added[4]!]);
      await expectList(pets, { limit: 10, status: 'available' }, [added[1]!]);
    });

    it('reports itself reachable when it can serve', async () => {
      expect(await pets.isReachable()).toBe(true);
    });
  });
}
