import { isPetId, NEW_PET_FIELDS, type NewPet, type Pet, type PetId } from './pet.js';

/** `restore` keeps each pet's id (a re-run adds nothing); `merge` adds every pet anew, under new ids. */
export const IMPORT_MODES = ['restore', 'merge'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** A pet as a backup holds it: its place there (a file's line number, say) and, when kept, its id. */
export interface BackupEntry {
  readonly place: number;
  readonly id: PetId | undefined;
  readonly newPet: NewPet;
}

export interface RestoreCount {
  /** Pets stored by this call. */
  readonly added: number;
  /** Pets that were stored already, with the same fields. */
  readonly unchanged: number;
}

/** Whether a pet holds the same fields as another (stored under the same id); no status equals no status. */
export function sameFields(a: Pet, b: Pet): boolean {
  return NEW_PET_FIELDS.every((field) => a[field] === b[field]);
}

/** What a reservation relies on: an id that storage can hold. */
export function assertReservable(through: PetId): void {
  if (!isPetId(through)) throw new TypeError(`ids are reserved through a pet id, not ${String(through)}`);
}

/** What every restore relies on: ids that storage can hold, each once, in ascending order. */
export function assertRestorable(pets: readonly Pet[]): void {
  pets.forEach((pet, index) => {
    if (!isPetId(pet.id)) throw new TypeError(`a restored pet's id must be a pet id, not ${String(pet.id)}`);
    const previous = pets[index - 1];
    if (previous !== undefined && pet.id <= previous.id)
      throw new TypeError('pets are restored in strictly ascending id order');
  });
}
