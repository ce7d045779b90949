import { InvalidArgumentError } from 'commander';

/**
 * A whole number as a command line spells it: decimal digits, an optional minus sign, nothing else.
 * Whether it is in range is the core's rule, which the core checks and words.
 */
export function wholeNumber(value: string): number {
  if (!/^-?[0-9]+$/.test(value)) throw new InvalidArgumentError('must be a whole number in decimal digits');
  return Number(value);
}
