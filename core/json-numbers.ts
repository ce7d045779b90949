/**
 * What a JSON number's text says, exactly: an integer JavaScript holds exactly (a safe integer), an integer
 * beyond them, or no integer at all. As JSON Schema's `integer` has it, `3.0`, `30e-1` and `1e2` are
 * integers and `-0` is 0; `2.9999999999999999` and `1e-400` are not, though a double rounds them to one.
 */
export type JsonNumberReading = number | 'out of range' | 'not an integer';

/** JSON's number grammar (RFC 8259 §6), in parts: sign, integer digits, fraction digits, exponent. */
const JSON_NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([-+]?\d+))?$/;

/** A safe integer has at most 16 digits: one written with more, once its zeros are counted, is beyond them. */
const SAFE_INTEGER_DIGITS = String(Number.MAX_SAFE_INTEGER).length;

/** Judged from the decimal text itself, never from the double it rounds to. `text` is a JSON number's. */
export function readJsonNumber(text: string): JsonNumberReading {
  const parts = JSON_NUMBER.exec(text);
  if (parts === null) throw new TypeError(`not a JSON number: ${JSON.stringify(text)}`);
  const [, sign, whole, fraction = '', exponent] = parts as RegExpExecArray & [string, string, string];
  // The digits without their point and without the zeros before and after them; `scale` is the power of ten
  // they are multiplied by.
  const digits = `${whole}${fraction}`.replace(/^0+/, '');
  const significant = digits.replace(/0+$/, '');
  if (significant === '') return 0;
  const scale = Number(exponent ?? 0) - fraction.length + (digits.length - significant.length);
  if (scale < 0) return 'not an integer';
  if (significant.length + scale > SAFE_INTEGER_DIGITS) return 'out of range';
  // At most 16 digits: a double rounds none of them below 2^53 nor any above 2^53-1 down into range.
  const magnitude = Number(significant.padEnd(significant.length + scale, '0'));
  if (magnitude > Number.MAX_SAFE_INTEGER) return 'out of range';
  return sign === '-' ? -magnitude : magnitude;
}

/**
 * A number a double may not hold as written: `-0`, 16 digits or more, a fraction or an exponent. Every number of
 * JSON text starts its text or follows `[`, `:` or `,` and whitespace; the same characters in a string at worst
 * send a text that needs no reviver through one.
 */
const MAY_BE_ROUNDED = /(?:^|[,:[])[\t\n\r ]*(?:-0|-?\d{16}|-?\d+[.eE])/;

/**
 * JSON.parse, with no number silently rounded to an integer it does not denote: each number is judged from
 * its text. An integer reads as itself (`-0` as 0); an integer beyond the safe ones as an unsafe integer,
 * never one rounded into range (`1e400`, which a double cannot hold, as the largest double); a number that
 * is no integer but would round to one (`2.9999999999999999`, `1e-400`) as NaN, which no integer rule
 * takes. Other fractions read as JSON.parse reads them. Throws SyntaxError as JSON.parse does, and RangeError for
 * a text nested some thousands deep with such a number in it, which a reviver walks on the call stack.
 */
export function parseJsonExactly(text: string): unknown {
  // A reviver makes JSON.parse several times slower: a text whose numbers a double holds as written goes without.
  return MAY_BE_ROUNDED.test(text)
    ? JSON.parse(text, exactNumbers as (key: string, value: unknown) => unknown)
    : JSON.parse(text);
}

function exactNumbers(_key: string, value: unknown, { source }: { readonly source?: string }): unknown {
  if (typeof value !== 'number') return value;
  const reading = readJsonNumber(source as string);
  if (typeof reading === 'number') return reading;
  if (reading === 'out of range') return Number.isFinite(value) ? value : Math.sign(value) * Number.MAX_VALUE;
  return Number.isInteger(value) ? Number.NaN : value;
}
