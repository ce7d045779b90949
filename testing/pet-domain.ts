import {
  assertValidNewPet,
  CATEGORY_ID_MAX,
  CATEGORY_ID_MIN,
  newPetOf,
  PET_NAME_MAX_LENGTH,
  PET_STATUSES,
  type NewPet,
  type PetStatus,
} from '@petstore/core/pet.js';
import type { SeededRandom } from './seeded-random.js';

/**
 * Names at the edges of what the core accepts, counted as it counts them (UTF-16 code units): one
 * unit, the most units, the most units made of characters outside the BMP; spaces leading, trailing
 * and inside; names that differ only by case, by a trailing space or by their Unicode form; text
 * right to left; combining marks, joiners, and code points no font draws.
 */
export const BOUNDARY_NAMES: readonly string[] = [
  'R',
  '🐶',
  'N'.repeat(PET_NAME_MAX_LENGTH),
  '🐶'.repeat(PET_NAME_MAX_LENGTH / 2),
  '\u{10348}\u{1D4B6}\u{20BB7}'.repeat(PET_NAME_MAX_LENGTH / 6) + '🐶',
  'é'.repeat(PET_NAME_MAX_LENGTH),
  'Rex',
  'rex',
  'REX',
  'Rex ',
  ' Rex',
  '  R e x  ',
  'Rex\u00A0',
  '\u3000Rex\u2003',
  'Rex\u2028Kit',
  '\u00E9',
  'e\u0301',
  'Straße',
  'İı',
  'Bella 🐶',
  'Bella ?',
  'שלום Rex',
  'مرحبا ١٢٣',
  '\u200FRex\u200E',
  'Z\u0351\u036B\u0343\u036A\u0302\u036B\u033D\u034F\u0334\u0319',
  '👨‍👩‍👧‍👦🇫🇷👍🏽',
  '\uFEFFRex\u200B',
  'x\u{10FFFF}\uFFFE\uFFFF\uE000\u{F0000}',
  "Rex'); DROP TABLE pets; --",
  '%_\\"$gt{}[]',
];

/** categoryIds at the edges of its range and of the integer types a storage may hold it in. */
export const BOUNDARY_CATEGORY_IDS: readonly number[] = [
  0,
  1,
  -1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 32 - 1,
  2 ** 32,
  -(2 ** 32),
  CATEGORY_ID_MAX,
  CATEGORY_ID_MIN,
  CATEGORY_ID_MAX - 1,
];

/** No status, then each status in turn. */
const STATUSES: readonly (PetStatus | undefined)[] = [undefined, ...PET_STATUSES];

/** Every boundary name, categoryId and status, in as few pets as hold them all. */
export function boundaryPets(): NewPet[] {
  const count = Math.max(BOUNDARY_NAMES.length, BOUNDARY_CATEGORY_IDS.length);
  return Array.from({ length: count }, (_, index) =>
    newPetOf({
      name: BOUNDARY_NAMES[index % BOUNDARY_NAMES.length]!,
      categoryId: BOUNDARY_CATEGORY_IDS[index % BOUNDARY_CATEGORY_IDS.length]!,
      status: STATUSES[index % STATUSES.length],
    }),
  );
}

/** Where a name's characters are drawn from, each range of code points as [first, last]. */
const CHARACTER_RANGES: Record<string, readonly (readonly [first: number, last: number])[]> = {
  ascii: [[0x21, 0x7e]],
  latin: [[0xc0, 0x24f]],
  combining: [[0x300, 0x36f]],
  rightToLeft: [
    [0x5d0, 0x5ea],
    [0x620, 0x64a],
  ],
  cjk: [[0x4e00, 0x9fff]],
  beyondTheBmp: [
    [0x1f400, 0x1f64f],
    [0x1d400, 0x1d7ff],
    [0x20000, 0x2a6df],
    [0x10330, 0x1034a],
  ],
  spaces: [
    [0x20, 0x20],
    [0xa0, 0xa0],
    [0x2000, 0x200a],
    [0x3000, 0x3000],
  ],
  joinersAndMarks: [
    [0x200b, 0x200f],
    [0xfeff, 0xfeff],
  ],
  // Anything the rules let through: unassigned, private use and noncharacters included.
  anyAllowed: [[0x20, 0x10ffff]],
};

const RANGE_NAMES = Object.keys(CHARACTER_RANGES);
/** Whether the core refuses a code point of the ranges above in a name: a C1 control or a surrogate. */
const isRefused = (codePoint: number) =>
  (codePoint >= 0x7f && codePoint <= 0x9f) || (codePoint >= 0xd800 && codePoint <= 0xdfff);

function aCharacter(random: SeededRandom): string {
  const [first, last] = random.pick(CHARACTER_RANGES[random.pick(RANGE_NAMES)]!);
  const codePoint = random.integer(first, last);
  return isRefused(codePoint) ? 'x' : String.fromCodePoint(codePoint);
}

/** A length in UTF-16 code units, half the time at either end of the range. */
function aLength(random: SeededRandom): number {
  if (random.chance(0.25)) return random.integer(1, 3);
  if (random.chance(0.33)) return random.integer(PET_NAME_MAX_LENGTH - 3, PET_NAME_MAX_LENGTH);
  return random.integer(1, PET_NAME_MAX_LENGTH);
}

function aName(random: SeededRandom): string {
  const length = aLength(random);
  let name = '';
  while (name.length < length) {
    const character = aCharacter(random);
    name += name.length + character.length <= length ? character : 'x';
  }
  return name;
}

/** A categoryId of any magnitude, each power of two as likely as the next, of either sign. */
function aCategoryId(random: SeededRandom): number {
  const bits = random.integer(0, 53);
  const magnitude = bits === 0 ? 0 : random.integer(2 ** (bits - 1), 2 ** bits - 1);
  return random.chance(0.5) ? -magnitude : magnitude;
}

/** `count` valid pets drawn from the whole domain of each field. */
export function generatedPets(random: SeededRandom, count: number): NewPet[] {
  const pets: NewPet[] = [];
  while (pets.length < count) {
    const pet = newPetOf({ name: aName(random), categoryId: aCategoryId(random), status: random.pick(STATUSES) });
    if (isValid(pet)) pets.push(pet);
  }
  return pets;
}

export function isValid(pet: NewPet): boolean {
  try {
    assertValidNewPet(pet);
    return true;
  } catch {
    return false;
  }
}
