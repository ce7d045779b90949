import * as v from 'valibot';

/**
 * The one spelling of each number: unsigned decimal digits without leading zeros (no sign,
 * exponent, fraction, hex or blank), so `/v1/pets/7` and `/v1/pets/007` are not two names of one pet.
 */
const CANONICAL_DECIMAL = /^(?:0|[1-9][0-9]*)$/;

/**
 * The OpenAPI format of an integer bounded only by being safe: ids are int64 in the interface (held
 * exactly up to 2^53-1). An integer with a maximum gets its format from its bounds in the document.
 */
export const INT64 = v.metadata<number, { readonly format: string }>({ format: 'int64' });

/**
 * An integer as a URL carries it. How it is spelt is this adapter's rule; which values are allowed
 * is `rule`, the core's words where the core has the rule, so the client reads the core's message.
 * The document shows `example`, which tools fill the parameter with.
 */
export function integerParameter(
  name: string,
  range: { min: number; max: number; rule: string },
  { description, example }: { description: string; example: number },
) {
  const { min, max, rule } = range;
  return v.pipe(
    // A repeated query parameter arrives as an array.
    v.string(`${name} must be given once, as an integer`),
    v.regex(CANONICAL_DECIMAL, `${name} must be written in decimal digits, without sign, fraction or leading zeros`),
    v.transform(Number),
    // What the text decodes to, which the OpenAPI document describes; it cannot fail here.
    v.number(),
    v.integer(),
    v.minValue(min, rule),
    v.maxValue(max, rule),
    v.description(description),
    v.examples([example]),
  );
}
