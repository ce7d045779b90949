import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonExactly, readJsonNumber } from '../../core/json-numbers.js';
import { integerSpelling, nonIntegerSpelling, ROUNDED_NON_INTEGERS } from '../support/number-spellings.js';

const SAFE = { min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER };

describe('readJsonNumber', () => {
  it.each([
    ['0', 0],
    ['7', 7],
    ['-7', -7],
    ['105', 105],
    ['120', 120],
    ['3.0', 3],
    ['3.000', 3],
    ['3e0', 3],
    ['3E+0', 3],
    ['3e-0', 3],
    ['30e-1', 3],
    ['0.3e1', 3],
    ['0.0300e2', 3],
    ['1e2', 100],
    ['1E+2', 100],
    ['-1.5e1', -15],
    ['1050e-1', 105],
    ['0.00000000000000001e17', 1],
    ['9007199254740991', 9_007_199_254_740_991],
    ['-9007199254740991', -9_007_199_254_740_991],
    ['9.007199254740991e15', 9_007_199_254_740_991],
    ['900719925474099100e-2', 9_007_199_254_740_991],
  ])('reads %s as the integer %d', (text, value) => {
    expect(readJsonNumber(text)).toBe(value);
  });

  it.each(['-0', '0.0', '-0.000', '0e-5', '0e999999999999', '-0E+3'])('reads %s as 0, never -0', (text) => {
    expect(Object.is(readJsonNumber(text), 0)).toBe(true);
  });

  it.each([
    '1.5',
    '-1.5',
    '1.50',
    '0.5',
    '31e-1',
    '1e-1',
    '105e-1',
    '1.05e1',
    '2.9999999999999999',
    '1e-400',
    '4503599627370496.5',
    '9007199254740991.4',
    '1e-999999999999',
    '12345678901234567890.5',
  ])('reads %s as no integer', (text) => {
    expect(readJsonNumber(text)).toBe('not an integer');
  });

  it.each([
    '9007199254740992',
    '9007199254740993',
    '-9007199254740992',
    '9999999999999999',
    '10000000000000000',
    '9.007199254740992e15',
    '1e16',
    '1e400',
    // Read without writing out its digits: a number that long would not fit in a string.
    '1e999999999999',
    '-1E+999999999999',
  ])('reads %s as an integer beyond the safe ones', (text) => {
    expect(readJsonNumber(text)).toBe('out of range');
  });

  it.each(['x1', '1x', '', '+1', '.5', '1.', '1e', '0x10', ' 1', 'Infinity'])(
    'refuses %j, which is no JSON number, as a mistake of its caller',
    (text) => {
      expect(() => readJsonNumber(text)).toThrow(new TypeError(`not a JSON number: ${JSON.stringify(text)}`));
    },
  );

  it('reads every spelling of an integer as that integer (property)', () => {
    fc.assert(
      fc.property(integerSpelling(SAFE), ({ text, value }) => {
        expect(readJsonNumber(text)).toBe(value);
      }),
      // No I/O, a few microseconds a run.
      { seed: 20261127, numRuns: 5_000 },
    );
  });

  it('reads every spelling of a number that is no integer as none (property)', () => {
    fc.assert(
      fc.property(nonIntegerSpelling(SAFE), ({ text }) => {
        expect(readJsonNumber(text)).toBe('not an integer');
      }),
      { seed: 20261127, numRuns: 5_000 },
    );
  });

  it('agrees with a double wherever a double holds the integer exactly (property)', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (value) => {
        expect(readJsonNumber(JSON.stringify(value))).toBe(value);
      }),
      { seed: 20261127, numRuns: 2_000 },
    );
  });
});

describe('parseJsonExactly', () => {
  it('reads integers as themselves, whatever their spelling, and -0 as 0', () => {
    const parsed = parseJsonExactly('{"a":3.0,"b":[1e2,30e-1],"c":-0,"d":"3.5","e":true,"f":null}');
    expect(parsed).toEqual({ a: 3, b: [100, 3], c: 0, d: '3.5', e: true, f: null });
    expect(Object.is((parsed as { c: number }).c, 0)).toBe(true);
  });

  it('reads a number a double would round to an integer it does not denote as NaN', () => {
    for (const text of ROUNDED_NON_INTEGERS) expect(parseJsonExactly(`[${text}]`)).toEqual([Number.NaN]);
  });

  it('reads other fractions as JSON.parse does', () => {
    expect(parseJsonExactly(`[1.5,-0.1,5e-324,${'9'.repeat(400)}.5]`)).toEqual([1.5, -0.1, 5e-324, Infinity]);
  });

  it('reads integers beyond the safe ones as unsafe integers, never as safe ones', () => {
    expect(parseJsonExactly('[9007199254740993,-9007199254740993,1e400,-1.5e400]')).toEqual([
      9_007_199_254_740_992,
      -9_007_199_254_740_992,
      Number.MAX_VALUE,
      -Number.MAX_VALUE,
    ]);
  });

  it('finds a number to judge wherever JSON puts one: first, after [ : or , and any JSON whitespace', () => {
    for (const space of ['', ' ', '\t', '\n', '\r', ' \r\n\t'])
      for (const [text, value] of [
        ['2.9999999999999999', Number.NaN],
        ['1E-400', Number.NaN],
        ['-2.9999999999999999', Number.NaN],
        ['29.999999999999999', Number.NaN],
        ['9'.repeat(400), Number.MAX_VALUE],
        [`-${'9'.repeat(400)}`, -Number.MAX_VALUE],
      ] as const) {
        expect(parseJsonExactly(`${space}${text}`)).toBe(value);
        expect(parseJsonExactly(`[${space}${text}]`)).toEqual([value]);
        expect(parseJsonExactly(`{"a":${space}${text}}`)).toEqual({ a: value });
        expect(parseJsonExactly(`[1,${space}${text}]`)).toEqual([1, value]);
      }
    expect(Object.is(parseJsonExactly('-0'), 0)).toBe(true);
  });

  it('reads a text whose numbers a double holds as written with JSON.parse alone, however deep', () => {
    // Numbers that need no judging, and strings holding what a number to judge looks like, not where one starts.
    const exact = '[0,7,-7,123456789012345,-123456789012345,[ \t\n\r7],"a1.5","a-0","a1234567890123456",":x1.5"]';
    let parsed = parseJsonExactly(`${'['.repeat(100_000)}${exact}${']'.repeat(100_000)}`);
    for (let depth = 0; depth < 100_000; depth += 1) [parsed] = parsed as unknown[];
    expect(parsed).toEqual(JSON.parse(exact));
  });

  it('throws what JSON.parse throws for what is not JSON, and RangeError for a number to judge nested too deeply', () => {
    expect(() => parseJsonExactly('{"a":')).toThrow(SyntaxError);
    expect(() => parseJsonExactly(`${'['.repeat(100_000)}1.0${']'.repeat(100_000)}`)).toThrow(RangeError);
  });
});
