import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PetIdsExhausted } from '../../core/errors.js';
import { nextPetId, PET_ID_MAX } from '../../core/pet.js';

describe('nextPetId', () => {
  it('is 1 before the first id, and the id after the highest one below PET_ID_MAX', () => {
    expect(nextPetId(0)).toBe(1);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (fromTheEnd) => {
        const highest = PET_ID_MAX - 1 - fromTheEnd;
        expect(nextPetId(highest)).toBe(highest + 1);
      }),
    );
    expect(nextPetId(PET_ID_MAX - 1)).toBe(PET_ID_MAX);
  });

  it('refuses with PetIdsExhausted once PET_ID_MAX is taken, however far past it the highest id is', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constant(PET_ID_MAX), fc.double({ min: PET_ID_MAX, noNaN: true })), (highest) => {
        expect(() => nextPetId(highest)).toThrow(PetIdsExhausted);
      }),
    );
    expect(() => nextPetId(PET_ID_MAX)).toThrow(
      expect.objectContaining({
        code: 'pet_ids_exhausted',
        message: 'No pet id is left to hand out: the highest pet id is taken, so no pet can be added',
      }),
    );
  });
});
