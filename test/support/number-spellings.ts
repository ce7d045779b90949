import fc from 'fast-check';

/** A JSON number as a client may write it, and the integer it denotes when it denotes one. */
export interface Spelling {
  readonly text: string;
  readonly value: number;
}

const zeros = (count: number) => '0'.repeat(count);

/** `digits` (no sign, no leading zeros) times 10^-shift, written with its point moved `shift` places left. */
function pointMovedLeft(digits: string, shift: number): string {
  if (shift === 0) return digits;
  const padded = digits.padStart(shift + 1, '0');
  return `${padded.slice(0, padded.length - shift)}.${padded.slice(padded.length - shift)}`;
}

/**
 * Every way JSON writes one integer: plain, with fraction zeros, with an exponent of any case and sign,
 * its digits scaled by a power of ten and the exponent undoing it (`30e-1`, `0.3e1`, `0.0003e4`), and
 * `-0` for 0. Each denotes exactly the integer it is drawn for.
 */
export const integerSpelling = (range: { min: number; max: number }): fc.Arbitrary<Spelling> =>
  fc
    .tuple(
      fc.oneof(fc.integer(range), fc.constantFrom(range.min, range.max)),
      fc.nat({ max: 20 }),
      fc.constantFrom('e', 'E'),
      fc.constantFrom('', '+'),
      fc.nat(4),
    )
    .map(([value, shift, e, plus, form]) => {
      const sign = value < 0 || (value === 0 && shift % 2 === 1) ? '-' : '';
      const digits = String(Math.abs(value));
      const texts = [
        digits,
        `${digits}.${zeros(shift + 1)}`,
        `${digits}${e}${plus}0`,
        // Scaled up by the zeros written after it, then down by the exponent.
        `${digits}${value === 0 ? '' : zeros(shift)}${e}-${shift}`,
        // Scaled down by the point, then up by the exponent (0.3e1), fraction zeros after it or not.
        `${pointMovedLeft(digits, shift)}${zeros(shift % 3)}${e}${plus}${shift}`,
      ];
      return { text: `${sign}${texts[form] ?? digits}`, value };
    });

/**
 * JSON numbers that denote no integer, most of which a double rounds to one: a nonzero digit far to the
 * right of the point (`2.9999999999999999`, `3.00000000000000001`), a tiny exponent (`1e-400`), an
 * exponent too small for the digits (`31e-1`), and halves where a double holds no fraction (2^52 and
 * above). `value` is the integer a double rounds them to, or the nearest one.
 */
export const nonIntegerSpelling = (range: { min: number; max: number }): fc.Arbitrary<Spelling> =>
  fc
    .tuple(
      fc.integer({ min: range.min + 1, max: range.max - 1 }),
      fc.integer({ min: 1, max: 9 }),
      fc.integer({ min: 16, max: 400 }),
      fc.nat(4),
    )
    .map(([value, digit, far, form]) => {
      const sign = value < 0 ? '-' : '';
      const digits = String(Math.abs(value));
      const below = String(Math.abs(value) - 1);
      const texts = [
        `${digits}.${zeros(far)}${digit}`,
        `${below}.${'9'.repeat(far)}`,
        `${digit}e-${far}`,
        `${digits}${digit}e-1`,
        `${digits}.5e0`,
      ];
      return { text: `${form === 2 ? '' : sign}${texts[form] ?? digits}`, value };
    });

/** What the reported attacks sent, each a number a double rounds to an integer it does not denote. */
export const ROUNDED_NON_INTEGERS = [
  '2.9999999999999999',
  '1e-400',
  '4503599627370496.5',
  '9007199254740991.4',
  '9007199254740990.6',
  '-1e-400',
  '3.00000000000000001',
] as const;
