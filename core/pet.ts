import { InvalidPet, PetIdsExhausted } from './errors.js';

/** The availability statuses a pet can carry; the one list every layer reads. */
export const PET_STATUSES = ['available', 'pending', 'sold'] as const;
export type PetStatus = (typeof PET_STATUSES)[number];

export const PET_NAME_MAX_LENGTH = 200;

/** A rule a name must satisfy: the pattern it must match and what to tell whoever broke it. */
export interface NameRule {
  readonly pattern: RegExp;
  readonly message: string;
}

/**
 * What a name is, beyond its length. Both patterns are Unicode-aware (`u`), so a surrogate pair
 * is one character while a lone surrogate is a code point of category Cs. The HTTP schema and
 * the OpenAPI document read these same patterns and messages.
 */
export const PET_NAME_RULES = {
  /** Whitespace and default-ignorable code points (zero-width space, joiners, soft hyphen, ...) render as nothing. */
  visible: {
    pattern: /[^\p{White_Space}\p{Default_Ignorable_Code_Point}]/u,
    message: 'name must contain a visible character, not only blanks or invisible characters',
  },
  /** Control characters (C0, DEL, C1) and lone surrogates are never part of a name a person typed. */
  printable: {
    pattern: /^[^\p{Cc}\p{Cs}]*$/u,
    message: 'name must not contain control characters or unpaired surrogates',
  },
} as const satisfies Record<string, NameRule>;

export const PET_NAME_LENGTH_RULE = `name must be at most ${PET_NAME_MAX_LENGTH} characters`;

/**
 * categoryId is an int64 in the interface, but a JSON number beyond 2^53-1 cannot be
 * held exactly in JavaScript; accepting it would silently store a different category.
 */
export const CATEGORY_ID_MAX = Number.MAX_SAFE_INTEGER;
export const CATEGORY_ID_MIN = -Number.MAX_SAFE_INTEGER;

/** Pet ids are assigned by the service: positive, increasing integers. */
export type PetId = number;

export interface NewPet {
  readonly name: string;
  readonly categoryId: number;
  readonly status?: PetStatus;
}

export interface Pet extends NewPet {
  readonly id: PetId;
}

/** Every key of T written out, each once: the compiler names a key left out, and refuses one T lacks. */
function everyKeyOf<T>() {
  return <const Keys extends readonly (keyof T)[]>(
    keys: Keys &
      ([Exclude<keyof T, Keys[number]>] extends [never] ? unknown : { missing: Exclude<keyof T, Keys[number]> }),
  ): Keys => keys;
}

/**
 * A new pet's fields, declared once: the order in which a fingerprint, a stored row and a backup
 * keep them. A field added to NewPet fails to compile here until it is listed.
 */
export const NEW_PET_FIELDS = everyKeyOf<NewPet>()(['name', 'categoryId', 'status']);

/** A NewPet's fields as a parser or a store hands them over, where "no status" may be `undefined`. */
export type NewPetFields = Omit<NewPet, 'status'> & { readonly status?: PetStatus | undefined };

/**
 * The one way to make a NewPet: exactly its fields, and a status left out stays out (no
 * `status: undefined`), so that every host and store says "no status" the same way.
 */
export function newPetOf({ name, categoryId, status }: NewPetFields): NewPet {
  return status === undefined ? { name, categoryId } : ({ name, categoryId, status } satisfies Required<NewPet>);
}

/**
 * A stored pet: its id, then exactly the NewPet fields; a literal, which V8 keeps smaller than a
 * spread copy. `satisfies` fails to compile when NewPet gains a field the literal leaves out.
 */
export function petOf(id: PetId, { name, categoryId, status }: NewPetFields): Pet {
  return status === undefined ? { id, name, categoryId } : ({ id, name, categoryId, status } satisfies Required<Pet>);
}

export function isPetStatus(value: unknown): value is PetStatus {
  return (PET_STATUSES as readonly unknown[]).includes(value);
}

/** Ids are integers held exactly, from 1 up. */
export const PET_ID_MAX = Number.MAX_SAFE_INTEGER;
export const PET_ID_RULE = `must be a pet id: an integer from 1 to ${PET_ID_MAX}`;

export function isPetId(value: unknown): value is PetId {
  return Number.isSafeInteger(value) && (value as number) > 0;
}

/**
 * The id after the highest one handed out, restored or reserved (0 before the first): the one rule of
 * the end of the id space for a storage that counts ids itself. Past PET_ID_MAX there is none.
 */
export function nextPetId(highest: PetId): PetId {
  if (highest >= PET_ID_MAX) throw new PetIdsExhausted();
  return highest + 1;
}

/** The domain rules for a new pet; every host goes through them, whatever validated the input first. */
export function assertValidNewPet(candidate: NewPet): void {
  const { name, categoryId, status } = candidate;
  if (typeof name !== 'string') throw new InvalidPet('name', PET_NAME_TYPE_RULE);
  for (const { pattern, message } of Object.values(PET_NAME_RULES)) {
    if (!pattern.test(name)) throw new InvalidPet('name', message);
  }
  if (name.length > PET_NAME_MAX_LENGTH) throw new InvalidPet('name', PET_NAME_LENGTH_RULE);
  if (!Number.isInteger(categoryId)) throw new InvalidPet('categoryId', CATEGORY_ID_TYPE_RULE);
  if (!Number.isSafeInteger(categoryId)) throw new InvalidPet('categoryId', CATEGORY_ID_RULE);
  if (status !== undefined && !isPetStatus(status)) {
    throw new InvalidPet('status', STATUS_RULE);
  }
}

/** For what is not a whole number at all (a string, null, 1.5); the range is named only to a number out of it. */
export const CATEGORY_ID_TYPE_RULE = 'categoryId must be an integer';

export const CATEGORY_ID_RULE =
  `categoryId must be an integer from ${CATEGORY_ID_MIN} to ${CATEGORY_ID_MAX}; ` +
  'larger values cannot be represented exactly and are not rounded';

export const PET_NAME_TYPE_RULE = 'name must be a string';

export const STATUS_RULE = `status must be one of ${PET_STATUSES.join(', ')}, or left out`;
