import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidPet } from '../../core/errors.js';
import { assertValidNewPet, PET_NAME_RULES } from '../../core/pet.js';
import { aNewPet } from '../support/builders.js';

function nameViolation(name: string): string | undefined {
  try {
    assertValidNewPet(aNewPet({ name }));
    return undefined;
  } catch (error) {
    if (error instanceof InvalidPet && error.field === 'name') return error.message;
    throw error;
  }
}

const INVISIBLE = PET_NAME_RULES.visible.message;
const UNPRINTABLE = PET_NAME_RULES.printable.message;

/** Characters that render as nothing: Unicode whitespace and default-ignorable code points. */
const invisibleCharacter = fc.constantFrom(
  ' ',
  '\u00a0',
  '\u1680',
  '\u2000',
  '\u200a',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
  '\u00ad',
  '\u034f',
  '\u061c',
  '\u115f',
  '\u180e',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u2060',
  '\u2064',
  '\u3164',
  '\ufe00',
  '\ufe0f',
  '\ufeff',
  '\uffa0',
  '\u{e0001}',
  '\u{e0100}',
);
const controlCharacter = fc
  .integer({ min: 0, max: 0x9f })
  .filter((code) => code < 0x20 || code >= 0x7f)
  .map((code) => String.fromCharCode(code));
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const visibleText = fc.string({
  unit: fc.constantFrom('R', 'e', 'x', 'ë', '犬', '🐕', '1', '-', "'"),
  minLength: 1,
  maxLength: 20,
});

describe('what a name may hold', () => {
  it.each([
    ['a lone high surrogate', '\ud800'],
    ['a lone low surrogate after text', 'Rex\udc00'],
    ['NUL', 'Rex\u0000'],
    ['a newline', 'Rex\nFido'],
    ['DEL', 'Rex\u007f'],
    ['a C1 control', 'Rex\u0085'],
  ])('refuses %s', (_case, name) => {
    expect(nameViolation(name)).toBe(UNPRINTABLE);
  });

  it.each([
    ['a zero-width space', '\u200b'],
    ['a soft hyphen and a space', '\u00ad '],
    ['a byte order mark', '\ufeff'],
    ['an ideographic space', '\u3000'],
    ['a word joiner between blanks', ' \u2060 '],
  ])('refuses a name of only %s', (_case, name) => {
    expect(nameViolation(name)).toBe(INVISIBLE);
  });

  it.each(['Rex', 'Zoë', '犬', '🐕', '👩‍👩‍👧', 'e\u0301', 'Rex\u200bFido', '  Rex  ', 'Mr\u00a0Whiskers'])(
    'accepts %j',
    (name) => {
      expect(nameViolation(name)).toBeUndefined();
    },
  );

  // The properties below keep fast-check's 100 runs: each draws from a small alphabet of a few dozen
  // characters, so 100 names try every one of them several times.
  it('refuses any name made only of invisible characters (property)', () => {
    fc.assert(
      fc.property(
        fc.array(invisibleCharacter, { minLength: 1, maxLength: 10 }),
        (parts) => nameViolation(parts.join('')) === INVISIBLE,
      ),
      { seed: 15 },
    );
  });

  it('refuses any name with a control character or a lone surrogate anywhere (property)', () => {
    fc.assert(
      fc.property(
        visibleText,
        fc.oneof(controlCharacter, loneSurrogate),
        visibleText,
        (before, bad, after) => nameViolation(`${before}${bad}${after}`) === UNPRINTABLE,
      ),
      { seed: 15 },
    );
  });

  it('accepts visible text padded with invisible characters (property)', () => {
    fc.assert(
      fc.property(
        fc.array(invisibleCharacter, { maxLength: 3 }),
        visibleText,
        (padding, text) => nameViolation(`${padding.join('')}${text}${padding.join('')}`) === undefined,
      ),
      { seed: 15 },
    );
  });
});
