import { InvalidPet } from './errors.js';

/** The availability statuses a pet can carry; the one list every layer reads. */
export const PET_STATUSES = ['available', 'pending', 'sold'] as const;
export type PetStatus = (typeof PET_STATUSES)[number];

export const PET_NAME_MAX_LENGTH = 200;

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

export function isPetStatus(value: unknown): value is PetStatus {
  return (PET_STATUSES as readonly unknown[]).includes(value);
}

export function isPetId(value: unknown): value is PetId {
  return Number.isSafeInteger(value) && (value as number) > 0;
}

/** The domain rules for a new pet; every host goes through them, whatever validated the input first. */
export function assertValidNewPet(candidate: NewPet): void {
  const { name, categoryId, status } = candidate;
  if (typeof name !== 'string' || name.trim() === '') {
    throw new InvalidPet('name', 'name must be a non-blank string');
  }
  if (name.length > PET_NAME_MAX_LENGTH) {
    throw new InvalidPet('name', `name must be at most ${PET_NAME_MAX_LENGTH} characters`);
  }
  if (!Number.isSafeInteger(categoryId)) {
    throw new InvalidPet('categoryId', CATEGORY_ID_RULE);
  }
  if (status !== undefined && !isPetStatus(status)) {
    throw new InvalidPet('status', STATUS_RULE);
  }
}

export const CATEGORY_ID_RULE =
  `categoryId must be an integer from ${CATEGORY_ID_MIN} to ${CATEGORY_ID_MAX}; ` +
  'larger values cannot be represented exactly and are not rounded';

export const STATUS_RULE = `status must be one of ${PET_STATUSES.join(', ')}`;
