import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PetStatus } from '../core/pet.js';
import type { PetRepository } from '../core/ports.js';
import { A_PET_WITH_EVERY_FIELD, aNewPet, exportedPets, type RepositoryFixture } from './fixtures.js';

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
    });
    afterEach(async () => {
      await fixture.dispose();
    });

    async function addMany(count: number, statusOf: (index: number) => PetStatus | undefined = () => undefined) {
      const added = [];
      for (let index = 0; index < count; index += 1) {
        const status = statusOf(index);
        added.push(await pets.add(aNewPet(status === undefined ? {} : { status })));
      }
      return added;
    }

    it('assigns a positive integer id and returns exactly the stored fields', async () => {
      const pet = await pets.add({ name: 'Tom', categoryId: 3, status: 'pending' });
      expect(Number.isSafeInteger(pet.id) && pet.id > 0).toBe(true);
      expect(pet).toEqual({ id: pet.id, name: 'Tom', categoryId: 3, status: 'pending' });
    });

    it('keeps every field of a pet through add, get, list and export', async () => {
      const added = await pets.add(A_PET_WITH_EVERY_FIELD);
      const stored = { id: added.id, ...A_PET_WITH_EVERY_FIELD };
      expect(added).toEqual(stored);
      expect(await pets.findById(added.id)).toEqual(stored);
      expect(await pets.list({ limit: 10 })).toEqual([stored]);
      expect(await pets.list({ limit: 10, status: A_PET_WITH_EVERY_FIELD.status })).toEqual([stored]);
      expect(await exportedPets(pets)).toEqual([stored]);
    });

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
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(5);
    });

    it('never hands out an id twice under concurrent adds, and loses no pet', async () => {
      const created = await Promise.all(Array.from({ length: 100 }, () => pets.add(aNewPet())));
      expect(new Set(created.map((pet) => pet.id)).size).toBe(100);
      expect(await pets.list({ limit: 1000 })).toHaveLength(100);
    });

    describe('adding once per idempotency key', () => {
      const origin = (key: string, client = 'client-a', claimedAt = 1_000, keptUntil = 2_000) => ({
        key: { client, key },
        claimedAt,
        keptUntil,
      });

      it('adds the pet with its key, and answers a later add for the key with that pet, adding nothing', async () => {
        const first = await pets.addOnce({ name: 'Tom', categoryId: 3 }, origin('k'));
        expect(first.added).toBe(true);
        expect(first.pet).toEqual({ id: first.pet.id, name: 'Tom', categoryId: 3 });
        // Whatever the later add asks for: the key names the first pet; telling the bodies apart is the caller's.
        expect(await pets.addOnce({ name: 'Kit', categoryId: 4 }, origin('k', 'client-a', 1_999))).toEqual({
          pet: first.pet,
          added: false,
        });
        expect(await pets.list({ limit: 10 })).toEqual([first.pet]);
      });

      it("keeps each client's keys apart, and keys exact: case and look-alikes are other keys", async () => {
        const added = await Promise.all(
          [origin('k'), origin('k', 'client-b'), origin('K'), origin('k ')].map((each) =>
            pets.addOnce(aNewPet(), each),
          ),
        );
        expect(added.every((outcome) => outcome.added)).toBe(true);
        expect(new Set(added.map((outcome) => outcome.pet.id)).size).toBe(4);
      });

      it('lets a key whose retention has ended add a new pet, and keeps the earlier one', async () => {
        const first = await pets.addOnce(aNewPet({ name: 'Tom' }), origin('k', 'client-a', 1_000, 2_000));
        const later = await pets.addOnce(aNewPet({ name: 'Kit' }), origin('k', 'client-a', 2_000, 3_000));
        expect(later.added).toBe(true);
        expect(await pets.list({ limit: 10 })).toEqual([first.pet, later.pet]);
        // From then on the key names the new pet.
        expect(await pets.addOnce(aNewPet({ name: 'Kit' }), origin('k', 'client-a', 2_500, 3_500))).toEqual({
          pet: later.pet,
          added: false,
        });
      });

      it('adds one pet for 50 callers adding under one key at once, and gives each of them that pet', async () => {
        const outcomes = await Promise.all(Array.from({ length: 50 }, () => pets.addOnce(aNewPet(), origin('k'))));
        expect(outcomes.filter((outcome) => outcome.added)).toHaveLength(1);
        expect(new Set(outcomes.map((outcome) => outcome.pet.id)).size).toBe(1);
        expect(await pets.list({ limit: 100 })).toHaveLength(1);
      });
    });

    it('finds a pet by id, and answers undefined for an id nobody has', async () => {
      const [first, second] = await addMany(2);
      expect(await pets.findById(second!.id)).toEqual(second);
      expect(await pets.findById(first!.id)).toEqual(first);
      expect(await pets.findById(second!.id + 1000)).toBeUndefined();
      expect(await pets.findById(0)).toBeUndefined();
      expect(await pets.findById(-1)).toBeUndefined();
    });

    it('does not let a caller change a stored pet through a returned object', async () => {
      const pet = await pets.add(aNewPet({ name: 'Original' }));
      try {
        (pet as { name: string }).name = 'Changed';
      } catch {
        // frozen objects refuse in strict mode; either way the store must be unchanged
      }
      expect((await pets.findById(pet.id))?.name).toBe('Original');
    });

    it('lists in ascending id order, at most `limit`', async () => {
      const added = await addMany(7);
      expect(await pets.list({ limit: 5 })).toEqual(added.slice(0, 5));
      expect(await pets.list({ limit: 50 })).toEqual(added);
    });

    it('lists an empty store as an empty array', async () => {
      expect(await pets.list({ limit: 10 })).toEqual([]);
      expect(await pets.list({ limit: 10, status: 'sold' })).toEqual([]);
    });

    it('lists only pets with an id greater than afterId', async () => {
      const added = await addMany(6);
      expect(await pets.list({ limit: 10, afterId: added[2]!.id })).toEqual(added.slice(3));
      expect(await pets.list({ limit: 2, afterId: added[0]!.id })).toEqual(added.slice(1, 3));
      expect(await pets.list({ limit: 10, afterId: added[5]!.id })).toEqual([]);
      expect(await pets.list({ limit: 10, afterId: 0 })).toEqual(added);
    });

    it('accepts an afterId beyond every pet', async () => {
      const added = await addMany(4);
      expect(await pets.list({ limit: 10, afterId: added[3]!.id + 100 })).toEqual([]);
      expect(await pets.list({ limit: 10, status: 'sold', afterId: added[3]!.id + 100 })).toEqual([]);
    });

    it('filters by status, in id order, with limit and afterId', async () => {
      const statuses: (PetStatus | undefined)[] = ['sold', 'available', undefined, 'sold', 'pending', 'sold', 'sold'];
      const added = await addMany(statuses.length, (index) => statuses[index]);
      const sold = added.filter((pet) => pet.status === 'sold');
      expect(await pets.list({ limit: 10, status: 'sold' })).toEqual(sold);
      expect(await pets.list({ limit: 2, status: 'sold' })).toEqual(sold.slice(0, 2));
      expect(await pets.list({ limit: 10, status: 'sold', afterId: sold[1]!.id })).toEqual(sold.slice(2));
      expect(await pets.list({ limit: 10, status: 'pending' })).toEqual([added[4]]);
      expect(await pets.list({ limit: 10, status: 'available' })).toEqual([added[1]]);
    });

    it('reports itself reachable when it can serve', async () => {
      expect(await pets.isReachable()).toBe(true);
    });
  });
}
