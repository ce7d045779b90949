import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidPetLine, petOfLine } from '../../../adapters/cli/pet-line.js';
import { petJson } from '../../../adapters/cli/pet-output.js';
import {
  CATEGORY_ID_MAX,
  CATEGORY_ID_MIN,
  CATEGORY_ID_RULE,
  CATEGORY_ID_TYPE_RULE,
  newPetOf,
  PET_NAME_RULES,
  PET_STATUSES,
  petOf,
  STATUS_RULE,
  type NewPet,
} from '../../../core/pet.js';
import { integerSpelling, nonIntegerSpelling, ROUNDED_NON_INTEGERS } from '../../support/number-spellings.js';

const ID_RULE = 'id must be a pet id: an integer from 1 to 9007199254740991';
const CATEGORY_IDS = { min: CATEGORY_ID_MIN, max: CATEGORY_ID_MAX };
const PET_IDS = { min: 1, max: Number.MAX_SAFE_INTEGER };

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
    // Valid JSON, as deep as a line of 64 KiB can nest it: far deeper than a number written 1.0 can be read in.
    const deep = (categoryId: string) =>
      `{"name":"Rex","categoryId":${categoryId},"x":${'['.repeat(30_000)}${']'.repeat(30_000)}}`;
    expect(reasonFor(deep('1.0'))).toBe('nested too deeply to be a pet');
    expect(reasonFor(deep('1'))).toBe('"x" is not a field of a pet');
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
    for (const categoryId of ['"1"', '1.5', 'null', '2.9999999999999999', '1e-400'])
      expect(reasonFor(`{"name":"Rex","categoryId":${categoryId}}`)).toBe(CATEGORY_ID_TYPE_RULE);
    for (const categoryId of ['9007199254740992', '9007199254740993', '1e400', '-1e400'])
      expect(reasonFor(`{"name":"Rex","categoryId":${categoryId}}`)).toBe(CATEGORY_ID_RULE);
    for (const status of ['"lost"', 'null', '"SOLD"', '["sold"]'])
      expect(reasonFor(`{"name":"Rex","categoryId":1,"status":${status}}`)).toBe(STATUS_RULE);
  });

  it('takes an id only as a pet id', () => {
    for (const id of ['0', '-1', '1.5', '"1"', 'null', '9007199254740992', '-0', '1e400'])
      expect(reasonFor(`{"id":${id},"name":"Rex","categoryId":1}`)).toBe(ID_RULE);
    expect(petOfLine('{"id":9007199254740991,"name":"Rex","categoryId":1}').id).toBe(Number.MAX_SAFE_INTEGER);
    expect(petOfLine('{"id":0.4e1,"name":"Rex","categoryId":1}').id).toBe(4);
  });

  it('refuses a number that a double rounds to an integer it does not denote, as id or as categoryId', () => {
    for (const text of ROUNDED_NON_INTEGERS) {
      expect(reasonFor(`{"id":${text},"name":"Rex","categoryId":1}`)).toBe(ID_RULE);
      expect(reasonFor(`{"id":1,"name":"Rex","categoryId":${text}}`)).toBe(CATEGORY_ID_TYPE_RULE);
    }
  });

  it('reads an id and a categoryId however JSON spells them, as the integers they denote (property)', () => {
    fc.assert(
      fc.property(integerSpelling(PET_IDS), integerSpelling(CATEGORY_IDS), (id, categoryId) => {
        expect(petOfLine(`{"id":${id.text},"name":"Rex","categoryId":${categoryId.text}}`)).toEqual({
          id: id.value,
          newPet: { name: 'Rex', categoryId: categoryId.value },
        });
      }),
      // No I/O, some microseconds a run: the five forms, signs and exponents many times over.
      { seed: 20261127, numRuns: 2_000 },
    );
  });

  it('refuses an id or a categoryId written as a number that is no integer (property)', () => {
    fc.assert(
      fc.property(nonIntegerSpelling(PET_IDS), nonIntegerSpelling(CATEGORY_IDS), (id, categoryId) => {
        expect(reasonFor(`{"id":${id.text},"name":"Rex","categoryId":1}`)).toBe(ID_RULE);
        expect(reasonFor(`{"id":1,"name":"Rex","categoryId":${categoryId.text}}`)).toBe(CATEGORY_ID_TYPE_RULE);
      }),
      { seed: 20261127, numRuns: 2_000 },
    );
  });
});
