/** Draws from a seed: the same seed gives the same pets on every machine, so a failure can be run again. */
export interface SeededRandom {
  /** An integer from `min` to `max`, both included. */
  integer(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** True with the probability given. */
  chance(probability: number): boolean;
}

/**
 * The seed the kit draws its generated pets from: `PETSTORE_KIT_SEED` when set (a run with another
 * seed tries other pets), else a fixed one, so that a suite run twice tries the same pets.
 */
export function kitSeed(): number {
  const given = process.env.PETSTORE_KIT_SEED;
  const seed = given === undefined || given.trim() === '' ? Number.NaN : Number(given);
  return Number.isSafeInteger(seed) ? seed : 1;
}

/** mulberry32: 32 bits of state, enough to vary a few hundred pets, and small enough to read at a glance. */
export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
  const integer = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    integer,
    pick: (items) => items[integer(0, items.length - 1)]!,
    chance: (probability) => next() < probability,
  };
}
