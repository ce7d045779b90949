import { describe, expect, it } from 'vitest';
import { InvalidPet } from '../../core/errors.js';
import {
  assertValidNewPet,
  isPetId,
  isPetStatus,
  newPetOf,
  petOf,
  PET_STATUSES,
  type NewPet,
  type PetStatus,
} from '../../core/pet.js';
import { aNewPet } from '../support/builders.js';

function violation(candidate: NewPet): InvalidPet | undefined {
  try {
    assertValidNewPet(candidate);
    return undefined;
  } catch (error) {
    if (error instanceof InvalidPet) return error;
    throw error;
  }
}

describe('the rules for a new pet', () => {
  it('accepts a pet with a name and a category, with or without a status', () => {
    expect(violation(aNewPet())).toBeUndefined();
    for (const status of PET_STATUSES) expect(violation(aNewPet({ status }))).toBeUndefined();
  });

  it('knows exactly the three statuses of the interface', () => {
    for (const status of ['available', 'pending', 'sold']) expect(isPetStatus(status)).toBe(true);
    for (const other of ['Available', 'SOLD', 'lost', '', 'sold ']) expect(isPetStatus(other)).toBe(false);
    expect(violation(aNewPet({ status: 'lost' as PetStatus }))).toMatchObject({ field: 'status' });
  });

  it.each(['', ' ', '\t\n '])('rejects the blank name %j', (name) => {
    expect(violation(aNewPet({ name }))).toMatchObject({
      field: 'name',
      message: 'name must contain a visible character, not only blanks or invisible characters',
    });
  });

  it('rejects a name that is not a string', () => {
    expect(violation(aNewPet({ name: 42 as unknown as string }))).toMatchObject({ field: 'name' });
  });

  it('accepts a name of exactly 200 characters and rejects 201', () => {
    expect(violation(aNewPet({ name: 'x'.repeat(200) }))).toBeUndefined();
    expect(violation(aNewPet({ name: 'x'.repeat(201) }))).toMatchObject({
      field: 'name',
      message: 'name must be at most 200 characters',
    });
  });

  it('accepts categoryIds up to 2^53-1 in magnitude', () => {
    expect(violation(aNewPet({ categoryId: Number.MAX_SAFE_INTEGER }))).toBeUndefined();
    expect(violation(aNewPet({ categoryId: -Number.MAX_SAFE_INTEGER }))).toBeUndefined();
    expect(violation(aNewPet({ categoryId: 0 }))).toBeUndefined();
  });

  it.each([2 ** 53, -(2 ** 53)])('rejects the integer categoryId %d, naming the range it is out of', (categoryId) => {
    const error = violation(aNewPet({ categoryId }));
    expect(error?.field).toBe('categoryId');
    expect(error?.message).toBe(
      'categoryId must be an integer from -9007199254740991 to 9007199254740991; larger values cannot be represented exactly and are not rounded',
    );
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, '1', null])(
    'rejects the categoryId %j as not an integer, without a range',
    (categoryId) => {
      expect(violation(aNewPet({ categoryId: categoryId as number }))).toMatchObject({
        field: 'categoryId',
        message: 'categoryId must be an integer',
      });
    },
  );

  it('rejects a status outside the three values, case included', () => {
    expect(violation(aNewPet({ status: 'Available' as NewPet['status'] & string }))).toMatchObject({
      field: 'status',
      message: 'status must be one of available, pending, sold, or left out',
    });
  });

  it('names the error with a stable code', () => {
    expect(violation(aNewPet({ name: '' }))).toMatchObject({ code: 'invalid_pet', name: 'InvalidPet' });
  });
});

describe('isPetStatus', () => {
  it('knows the three statuses and nothing else', () => {
    expect(PET_STATUSES.every(isPetStatus)).toBe(true);
    expect(['Sold', '', 'unknown', null, undefined, 1].some(isPetStatus)).toBe(false);
  });
});

describe('isPetId', () => {
  it('accepts positive safe integers only', () => {
    expect([1, 2, Number.MAX_SAFE_INTEGER].every(isPetId)).toBe(true);
    expect([0, -1, 1.5, 2 ** 53, Number.NaN, '1', null].some(isPetId)).toBe(false);
  });
});

describe('making a pet', () => {
  it('keeps exactly the NewPet fields, and leaves a missing status out rather than undefined', () => {
    const extra = { name: 'Rex', categoryId: 2, status: undefined, colour: 'brown' } as unknown as NewPet;
    expect(Object.keys(newPetOf(extra))).toEqual(['name', 'categoryId']);
    expect(newPetOf({ name: 'Rex', categoryId: 2, status: 'sold' })).toEqual({
      name: 'Rex',
      categoryId: 2,
      status: 'sold',
    });
  });

  it('puts the id first, then the same fields', () => {
    expect(Object.keys(petOf(7, { name: 'Rex', categoryId: 2 }))).toEqual(['id', 'name', 'categoryId']);
    expect(petOf(7, { name: 'Rex', categoryId: 2, status: 'pending' })).toEqual({
      id: 7,
      name: 'Rex',
      categoryId: 2,
      status: 'pending',
    });
  });
});
