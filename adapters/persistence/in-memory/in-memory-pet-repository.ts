import {
  nextPetId,
  PET_STATUSES,
  petOf,
  type NewPet,
  type Pet,
  type PetId,
  type PetStatus,
} from '@petstore/core/pet.js';
import { namesRequest, type PetAddedOnce, type PetOrigin } from '@petstore/core/idempotency.js';
import type { PetPageQuery } from '@petstore/core/paging.js';
import type { PetRepository, PetRestore } from '@petstore/core/ports.js';
import { assertReservable, assertRestorable, sameFields, type RestoreCount } from '@petstore/core/backup.js';
import { RestoreConflict } from '@petstore/core/errors.js';

/**
 * Keeps pets in process memory, each once, in one id-ordered list; the status and idempotency-key
 * indexes hold ids into it, so a change to a pet has one place to go. Ids are counted, 1, 2, 3, ...,
 * with gaps only where a restore or a reservation left them, and none is handed out twice. A pet is
 * found by a binary search, and a page is a binary search plus `limit` reads, whatever the number of pets.
 */
export class InMemoryPetRepository implements PetRepository, PetRestore {
  private readonly byId: Pet[] = [];
  /** The ids of the pets with each status, ascending. */
  private readonly byStatus = Object.fromEntries(PET_STATUSES.map((status) => [status, []])) as unknown as Record<
    PetStatus,
    PetId[]
  >;
  /** The id of the last pet added under each idempotency key, and until when the key names it. */
  private readonly byOrigin = new Map<string, { id: PetId; keptUntil: number }>();
  /** The highest id handed out, restored or reserved: the next follows it, whatever is stored now. */
  private highestId = 0;

  add(newPet: NewPet): Promise<Pet> {
    return settledNow(() => this.addNow(newPet));
  }

  addOnce(newPet: NewPet, origin: PetOrigin): Promise<PetAddedOnce> {
    return settledNow(() => {
      const originKey = JSON.stringify([origin.key.client, origin.key.key]);
      const earlier = this.byOrigin.get(originKey);
      if (earlier !== undefined && namesRequest(earlier, origin)) {
        // Nothing removes a pet, so the id a key names is always stored.
        return { pet: this.stored(earlier.id) as Pet, added: false };
      }
      const pet = this.addNow(newPet);
      this.byOrigin.set(originKey, { id: pet.id, keptUntil: origin.keptUntil });
      return { pet, added: true };
    });
  }

  findById(id: PetId): Promise<Pet | undefined> {
    return Promise.resolve(this.stored(id));
  }

  list({ limit, status, afterId = 0 }: PetPageQuery): Promise<Pet[]> {
    if (status === undefined) {
      const start = firstIndexAbove(this.byId, afterId, idOf);
      return Promise.resolve(this.byId.slice(start, start + limit));
    }
    const ids = this.byStatus[status];
    const start = firstIndexAbove(ids, afterId, itself);
    return Promise.resolve(ids.slice(start, start + limit).map((id) => this.stored(id) as Pet));
  }

  isReachable(): Promise<boolean> {
    return Promise.resolve(true);
  }

  conflictsOf(pets: readonly Pet[]): Promise<PetId[]> {
    return Promise.resolve(this.conflicting(pets));
  }

  restore(pets: readonly Pet[]): Promise<RestoreCount> {
    // A refusal is a rejected promise, as from any storage, never a throw.
    return Promise.resolve().then(() => this.restoreNow(pets));
  }

  reserveIds(through: PetId): Promise<void> {
    return Promise.resolve().then(() => {
      assertReservable(through);
      this.highestId = Math.max(this.highestId, through);
    });
  }

  /** All at once, with nothing else in between: a refused batch writes nothing. */
  private restoreNow(pets: readonly Pet[]): RestoreCount {
    assertRestorable(pets);
    const [conflict] = this.conflicting(pets);
    if (conflict !== undefined) throw new RestoreConflict(conflict);
    let added = 0;
    for (const pet of pets) {
      if (this.stored(pet.id) !== undefined) continue;
      this.insert(petOf(pet.id, pet));
      added += 1;
    }
    return { added, unchanged: pets.length - added };
  }

  /** The first pet with an id of at least `id`, if it has that very id (so 0, fractions and NaN find nothing). */
  private stored(id: PetId): Pet | undefined {
    const candidate = this.byId[firstIndexAbove(this.byId, id - 1, idOf)];
    return candidate?.id === id ? candidate : undefined;
  }

  private conflicting(pets: readonly Pet[]): PetId[] {
    return pets
      .filter((pet) => {
        const stored = this.stored(pet.id);
        return stored !== undefined && !sameFields(stored, pet);
      })
      .map((pet) => pet.id);
  }

  private addNow(newPet: NewPet): Pet {
    // Only the NewPet fields are kept, whatever else the object carries.
    const pet = Object.freeze(petOf(nextPetId(this.highestId), newPet));
    this.highestId = pet.id;
    this.byId.push(pet);
    if (pet.status !== undefined) this.byStatus[pet.status].push(pet.id);
    return pet;
  }

  /** A restored pet: into its place in each list (at the end, unless it fills a gap), its id counted. */
  private insert(pet: Pet): void {
    Object.freeze(pet);
    this.byId.splice(firstIndexAbove(this.byId, pet.id, idOf), 0, pet);
    if (pet.status !== undefined) {
      const withStatus = this.byStatus[pet.status];
      withStatus.splice(firstIndexAbove(withStatus, pet.id, itself), 0, pet.id);
    }
    this.highestId = Math.max(this.highestId, pet.id);
  }
}

/**
 * The work done now, with nothing in between, and its outcome as a promise: a refusal (no id left) is a
 * rejected promise, as from any storage, never a throw.
 */
function settledNow<T>(work: () => T): Promise<T> {
  // The executor runs at once, and what it throws rejects the promise.
  return new Promise((resolve) => {
    resolve(work());
  });
}

/** In a list in ascending id order, the index of the first entry with an id above `afterId`. */
function firstIndexAbove<T>(entries: readonly T[], afterId: PetId, idOfEntry: (entry: T) => PetId): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (idOfEntry(entries[middle] as T) <= afterId) low = middle + 1;
    else high = middle;
  }
  return low;
}

function idOf(pet: Pet): PetId {
  return pet.id;
}

function itself(id: PetId): PetId {
  return id;
}
