import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fingerprintOf, isIdempotencyKey } from '../../core/idempotency.js';

describe('an idempotency key', () => {
  it.each([
    ['a UUID', '8e03978e-40d5-43e8-bc93-6894a57f9324'],
    ['one character', 'a'],
    ['255 characters', 'k'.repeat(255)],
    [
      'every visible ASCII character',
      Array.from({ length: 94 }, (_, index) => String.fromCharCode(0x21 + index)).join(''),
    ],
    ['a quoted string, as the IETF draft writes it (kept as sent, quotes included)', '"abc"'],
  ])('may be %s', (_case, key) => {
    expect(isIdempotencyKey(key)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['with a space', 'a b'],
    ['two keys as Node joins a header sent twice', 'a, b'],
    ['with a tab', 'a\tb'],
    ['with a line break', 'a\nb'],
    ['with DEL', 'a\x7Fb'],
    ['with a NUL', 'a\0b'],
    ['with a Latin-1 letter', 'caf\u00E9'],
    ['with an emoji', 'key-\u{1F600}'],
    ['followed by a line break', 'abc\n'],
  ])('may not be %s', (_case, key) => {
    expect(isIdempotencyKey(key)).toBe(false);
  });

  it('is valid exactly when every character is visible ASCII and there are 1 to 255 of them (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (key) => {
        const codes = Array.from({ length: key.length }, (_, index) => key.charCodeAt(index));
        const visibleAscii = codes.every((code) => code >= 0x21 && code <= 0x7e);
        expect(isIdempotencyKey(key)).toBe(visibleAscii && key.length >= 1 && key.length <= 255);
      }),
      // The edges (empty, 255, 256, each range's ends) are examples above; this hunts a character class the
      // rule gets wrong, and 500 keys of up to 300 binary characters draw every class hundreds of times.
      { seed: 20261123, numRuns: 500 },
    );
  });
});

describe('the fingerprint of a new pet', () => {
  it('is the same however the fields were ordered', () => {
    expect(fingerprintOf({ status: 'sold', categoryId: 2, name: 'Rex' } as const)).toBe(
      fingerprintOf({ name: 'Rex', categoryId: 2, status: 'sold' }),
    );
  });

  it('tells apart every field, and a missing status from any status', () => {
    const base = fingerprintOf({ name: 'Rex', categoryId: 2 });
    expect(fingerprintOf({ name: 'Rex ', categoryId: 2 })).not.toBe(base);
    expect(fingerprintOf({ name: 'Rex', categoryId: 3 })).not.toBe(base);
    expect(fingerprintOf({ name: 'Rex', categoryId: 2, status: 'available' })).not.toBe(base);
    expect(fingerprintOf({ name: 'Rex', categoryId: 2, status: 'sold' })).not.toBe(
      fingerprintOf({ name: 'Rex', categoryId: 2, status: 'pending' }),
    );
  });

  it('cannot be forged by a name that spells out other fields', () => {
    expect(fingerprintOf({ name: 'Rex",2,"sold', categoryId: 2 })).not.toBe(
      fingerprintOf({ name: 'Rex', categoryId: 2, status: 'sold' }),
    );
  });

  it('tells apart any two pets that differ (property)', () => {
    const newPet = fc.record(
      { name: fc.string(), categoryId: fc.integer(), status: fc.constantFrom('available', 'pending', 'sold') },
      { requiredKeys: ['name', 'categoryId'] },
    );
    fc.assert(
      fc.property(newPet, newPet, (first, second) => {
        const same =
          first.name === second.name && first.categoryId === second.categoryId && first.status === second.status;
        expect(fingerprintOf(first) === fingerprintOf(second)).toBe(same);
      }),
      { seed: 20261123 },
    );
  });
});
