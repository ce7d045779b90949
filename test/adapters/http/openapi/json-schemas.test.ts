import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { jsonContent, jsonSchemaOf, parametersOf } from '../../../../adapters/http/openapi/json-schemas.js';

const integerFrom = (minimum: number, maximum: number) =>
  jsonSchemaOf(v.pipe(v.number(), v.integer(), v.minValue(minimum), v.maxValue(maximum)));

describe('an integer in the document', () => {
  it('is int32 when the bounds validation holds it to fit 32 bits, else int64', () => {
    expect(integerFrom(-(2 ** 31), 2 ** 31 - 1)).toEqual({
      type: 'integer',
      minimum: -(2 ** 31),
      maximum: 2 ** 31 - 1,
      format: 'int32',
    });
    expect(integerFrom(0, 2 ** 31).format).toBe('int64');
    expect(integerFrom(-(2 ** 31) - 1, 0).format).toBe('int64');
    expect(jsonSchemaOf(v.pipe(v.number(), v.integer(), v.maxValue(7))).format).toBe('int64');
  });

  it('keeps the tighter of two maxima', () => {
    expect(jsonSchemaOf(v.pipe(v.number(), v.integer(), v.maxValue(10), v.maxValue(20))).maximum).toBe(10);
    expect(jsonSchemaOf(v.pipe(v.number(), v.integer(), v.maxValue(20), v.maxValue(10))).maximum).toBe(10);
  });

  it('leaves a number that need not be whole without a format', () => {
    expect(jsonSchemaOf(v.pipe(v.number(), v.maxValue(10)))).toEqual({ type: 'number', maximum: 10 });
  });
});

describe('a string with patterns in the document', () => {
  it('keeps the first as `pattern` and puts each other in an allOf entry, so all of them apply', () => {
    expect(jsonSchemaOf(v.pipe(v.string(), v.regex(/a/u), v.regex(/b/u), v.regex(/c/u)))).toEqual({
      type: 'string',
      pattern: 'a',
      allOf: [{ pattern: 'b' }, { pattern: 'c' }],
    });
  });
});

describe('an object in the document', () => {
  it('leaves out a field that may never be sent, which additionalProperties refuses already', () => {
    const schema = v.strictObject({ id: v.optional(v.never()), name: v.string(), legs: v.number() });
    expect(jsonSchemaOf(schema)).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, legs: { type: 'number' } },
      required: ['name', 'legs'],
      additionalProperties: false,
    });
  });
});

describe('parameters in the document', () => {
  it('show the first example of each, and none for a parameter without', () => {
    const query = v.object({
      limit: v.pipe(v.number(), v.examples([20, 50]), v.description('How many.')),
      cursor: v.optional(v.string()),
    });
    expect(parametersOf(query, 'query')).toEqual([
      {
        name: 'limit',
        in: 'query',
        required: true,
        description: 'How many.',
        schema: { type: 'number', examples: [20, 50] },
        example: 20,
      },
      {
        name: 'cursor',
        in: 'query',
        required: false,
        description: undefined,
        schema: { type: 'string' },
        example: undefined,
      },
    ]);
  });
});

describe('a JSON body in the document', () => {
  it("shows its schema's first example, and none for a schema without", () => {
    expect(jsonContent(v.pipe(v.string(), v.examples(['Rex', 'Tom'])))).toEqual({
      'application/json': { schema: { type: 'string', examples: ['Rex', 'Tom'] }, example: 'Rex' },
    });
    expect(jsonContent(v.string())['application/json'].example).toBeUndefined();
  });
});
