import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidPetLine, petOfLine } from '../../../adapters/cli/pet-line.js';
import { petJson } from '../../../adapters/cli/pet-output.js';
import {
  CATEGORY_ID_RULE,
  CATEGORY_ID_TYPE_RULE,
  newPetOf,
  PET_NAME_RULES,
  PET_STATUSES,
  petOf,
  STATUS_RULE,
  type NewPet,
} from '../../../core/pet.js';

function reasonFor(text: string): string {
  try {
    petOfLine(text);
  } catch (error) {
    if (error instanceof InvalidPetLine && error.name === 'InvalidPetLine') return error.message;
    throw error;
  }
  throw new Error(`${text} was taken as a pet`);
}

describe('petOfLine', () => {
  it('reads a line as export writes it, with or without a status, and without an id', () => {
    expect(petOfLine('{"id":7,"name":"Rex","categoryId":3,"status":"sold"}')).toEqual({
      id: 7,
      newPet: { name: 'Rex', categoryId: 3, status: 'sold' },
    });
    const withoutStatus = petOfLine(' { "categoryId": -2, "name": "Tom" } ');
    expect(withoutStatus).toEqual({ id: undefined, newPet: { name: 'Tom', categoryId: -2 } });
    expect(Object.keys(withoutStatus.newPet)).toEqual(['name', 'categoryId']);
  });

  it('reads back every pet export writes', () => {
    const newPet = fc.record(
      {
        name: fc
          .string({ unit: 'grapheme', minLength: 1, maxLength: 60 })
          .filter((name) => PET_NAME_RULES.visible.pattern.test(name) && PET_NAME_RULES.printable.pattern.test(name)),
        categoryId: fc.maxSafeInteger(),
        status: fc.constantFrom(...PET_STATUSES),
      },
      { requiredKeys: ['name', 'categoryId'] },
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), newPet, (id, fields: NewPet) => {
        const pet = petOf(id, fields);
        expect(petOfLine(petJson(pet))).toEqual({ id, newPet: newPetOf(fields) });
      }),
    );
  });

  it('says why a line is not a pet: not JSON, not one object, a field too many', () => {
    for (const text of ['', '{"name":"Rex"', "{'name':'Rex'}", 'NaN']) expect(reasonFor(text)).toBe('not JSON');
    for (const text of ['[]', 'null', '"Rex"', '7', '[{"name":"Rex","categoryId":1}]'])
      expect(reasonFor(text)).toBe('not a JSON object (one pet a line)');
    expect(reasonFor('{"name":"Rex","categoryId":1,"colour":"red"}')).toBe('"colour" is not a field of a pet');
    expect(reasonFor('{"name":"Rex","categoryId":1,"__proto__":{"id":1}}')).toBe('"__proto__" is not a field of a pet');
    // However a field is named, the message stays one short line.
    expect(reasonFor(`{"name":"Rex","categoryId":1,"a\\nb${'x'.repeat(200)}":1}`)).toBe(
      `${JSON.stringify(`a\nb${'x'.repeat(200)}`).slice(0, 60)} is not a field of a pet`,
    );
  });

  it("holds each field to the core's rule, in the core's words", () => {
    expect(reasonFor('{"categoryId":1}')).toBe('name must be a string');
    expect(reasonFor('{"name":"  ","categoryId":1}')).toBe(PET_NAME_RULES.visible.message);
    expect(reasonFor('{"name":"Re\\u0000x","categoryId":1}')).toBe(PET_NAME_RULES.printable.message);
    expect(reasonFor(`{"name":"${'x'.repeat(201)}","categoryId":1}`)).toBe('name must be at most 200 characters');
    for (const categoryId of ['"1"', '1.5', 'null', '1e400'])
      expect(reasonFor(`{"name":"Rex","categoryId":${categoryId}}`)).toBe(CATEGORY_ID_TYPE_RULE);
    expect(reasonFor('{"name":"Rex","categoryId":9007199254740992}')).toBe(CATEGORY_ID_RULE);
    for (const status of ['"lost"', 'null', '"SOLD"', '["sold"]'])
      expect(reasonFor(`{"name":"Rex","categoryId":1,"status":${status}}`)).toBe(STATUS_RULE);
  });

  it('takes an id only as a pet id', () => {
    for (const id of ['0', '-1', '1.5', '"1"', 'null', '9007199254740992'])
      expect(reasonFor(`{"id":${id},"name":"Rex","categoryId":1}`)).toBe(
        'id must be a pet id: an integer from 1 to 9007199254740991',
      );
    expect(petOfLine('{"id":9007199254740991,"name":"Rex","categoryId":1}').id).toBe(Number.MAX_SAFE_INTEGER);
  });
});
