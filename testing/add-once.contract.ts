import { beforeEach, describe, expect, it } from 'vitest';
import type { PetRepository } from '@petstore/core/ports.js';
import { aNewPet } from './fixtures.js';
import { expectList } from './pet-expectations.js';
import { RACE_ROUNDS, RACERS, racedInRounds, wrongRounds } from './races.js';

/** The rules of addOnce: one pet per key, while the key's retention lasts, however many callers race for it. */
export function describeAddingOnce(repository: () => PetRepository): void {
  describe('adding once per idempotency key', () => {
    let pets: PetRepository;
    beforeEach(() => {
      pets = repository();
    });

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
      await expectList(pets, { limit: 10 }, [first.pet]);
    });

    it("keeps each client's keys apart, and keys exact: case and look-alikes are other keys", async () => {
      const added = await Promise.all(
        [origin('k'), origin('k', 'client-b'), origin('K'), origin('k ')].map((each) => pets.addOnce(aNewPet(), each)),
      );
      expect(added.every((outcome) => outcome.added)).toBe(true);
      expect(new Set(added.map((outcome) => outcome.pet.id)).size).toBe(4);
    });

    it('lets a key whose retention has ended add a new pet, and keeps the earlier one', async () => {
      const first = await pets.addOnce(aNewPet({ name: 'Tom' }), origin('k', 'client-a', 1_000, 2_000));
      const later = await pets.addOnce(aNewPet({ name: 'Kit' }), origin('k', 'client-a', 2_000, 3_000));
      expect(later.added).toBe(true);
      await expectList(pets, { limit: 10 }, [first.pet, later.pet]);
      // From then on the key names the new pet.
      expect(await pets.addOnce(aNewPet({ name: 'Kit' }), origin('k', 'client-a', 2_500, 3_500))).toEqual({
        pet: later.pet,
        added: false,
      });
    });

    it(`adds one pet for ${RACERS} callers adding under one key at once, in each of ${RACE_ROUNDS} rounds, and gives each of them that pet`, async () => {
      const wrong = await racedInRounds(
        (round) => pets.addOnce(aNewPet(), origin(`race-${round}`)),
        (outcomes) => {
          const added = outcomes.filter((outcome) => outcome.added).length;
          const ids = [...new Set(outcomes.map((outcome) => outcome.pet.id))];
          return added === 1 && ids.length === 1
            ? undefined
            : `${added} were told they added the pet, and they were given ${ids.length} pets (ids ${ids.join(', ')}); expected 1`;
        },
      );
      expect(
        wrong.filter((found) => found !== undefined),
        `${RACERS} callers adding under one key at once: ${wrongRounds(wrong)}`,
      ).toEqual([]);
      const stored = await pets.list({ limit: RACE_ROUNDS * RACERS + 1 });
      expect(
        stored.length,
        `${RACE_ROUNDS} keys raced for: ${stored.length} pets stored, expected ${RACE_ROUNDS}`,
      ).toBe(RACE_ROUNDS);
    });
  });
}
