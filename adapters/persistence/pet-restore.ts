import { isPetId, type Pet, type PetId } from '../../core/pet.js';

/**
 * Storing pets under the ids they already have: what restoring a backup needs. It is not a core
 * port: in the catalogue the storage hands out ids, and only a host that moves a catalogue
 * between storages (the command line's `pets import --restore`) writes ids of its own. Both
 * repositories offer it, and the one contract suite in test/contracts/ holds them to it.
 */
export interface PetRestore {
  /** Of these pets, the ids under which storage holds a pet with other fields. */
  conflictsOf(pets: readonly Pet[]): Promise<PetId[]>;
  /**
   * Stores each pet under its own id, and makes every id handed out later greater than all of
   * them. A pet stored already with the same fields is left as it is, so restoring the same pets
   * again adds nothing. If any id holds a different pet, nothing of the batch is written.
   */
  restore(pets: readonly Pet[]): Promise<RestoreCount>;
}

export interface RestoreCount {
  /** Pets stored by this call. */
  readonly added: number;
  /** Pets that were stored already, with the same fields. */
  readonly unchanged: number;
}

/** A restore would have overwritten a different pet: storage keeps what it has. */
export class RestoreConflict extends Error {
  constructor(readonly id: PetId) {
    super(`pet ${id} is stored already with other fields`);
    this.name = 'RestoreConflict';
  }
}

/** Whether a pet holds the same fields as another (stored under the same id); no status equals no status. */
export function sameFields(a: Pet, b: Pet): boolean {
  return a.name === b.name && a.categoryId === b.categoryId && a.status === b.status;
}

/** What both restores rely on: ids that storage can hold, each once, in ascending order. */
export function assertRestorable(pets: readonly Pet[]): void {
  pets.forEach((pet, index) => {
    if (!isPetId(pet.id)) throw new TypeError(`a restored pet's id must be a pet id, not ${String(pet.id)}`);
    const previous = pets[index - 1];
    if (previous !== undefined && pet.id <= previous.id) throw new TypeError('pets are restored in strictly ascending id order');
  });
}
