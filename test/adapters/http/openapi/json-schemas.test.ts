import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { jsonSchemaOf } from '../../../../adapters/http/openapi/json-schemas.js';

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
