import { RuleViolation } from '@petstore/core/errors.js';
import { parseJsonExactly } from '@petstore/core/json-numbers.js';
import {
  assertValidNewPet,
  isPetId,
  NEW_PET_FIELDS,
  newPetOf,
  PET_ID_RULE,
  type NewPet,
  type NewPetFields,
  type PetId,
} from '@petstore/core/pet.js';

/** A line of an import file, read: the pet's fields and, when the line gives one, its id. */
export interface PetLine {
  readonly id: PetId | undefined;
  readonly newPet: NewPet;
}

/** Why a line is not a pet, in words for the person who wrote the file. */
export class InvalidPetLine extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidPetLine';
  }
}

/** The fields a line may hold: those `pets export` writes, a pet's. */
const LINE_FIELDS = new Set<string>(['id', ...NEW_PET_FIELDS]);

/**
 * One line of JSON Lines as a pet, checked by the core's own rules (the same words the API
 * answers with): a JSON object with exactly the fields `pets export` writes; the id may be absent.
 * Its numbers are read from their text, so that no id or category is a number rounded to an integer.
 */
export function petOfLine(text: string): PetLine {
  let value: unknown;
  try {
    value = parseJsonExactly(text);
  } catch (error) {
    throw new InvalidPetLine(error instanceof RangeError ? 'nested too deeply to be a pet' : 'not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InvalidPetLine('not a JSON object (one pet a line)');
  const unknownField = Object.keys(value).find((field) => !LINE_FIELDS.has(field));
  // The name is quoted as JSON, so that whatever it holds, the message stays one line.
  if (unknownField !== undefined)
    throw new InvalidPetLine(`${JSON.stringify(unknownField).slice(0, 60)} is not a field of a pet`);
  const fields = value as NewPetFields & { id?: unknown };
  if (fields.id !== undefined && !isPetId(fields.id)) throw new InvalidPetLine(`id ${PET_ID_RULE}`);
  const newPet = newPetOf(fields);
  try {
    assertValidNewPet(newPet);
  } catch (error) {
    throw error instanceof RuleViolation ? new InvalidPetLine(error.message) : error;
  }
  return { id: fields.id, newPet };
}
