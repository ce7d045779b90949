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
 * Keeps pets in process memory, in one id-ordered list, and each status in its own. Ids are
 * 1, 2, 3, ... as the store hands them out, with gaps only where a restore or a reservation left them, so a pet
 * is found by a binary search, and a page is a binary search plus `limit` reads, whatever the
 * number of pets.
 */
export class InMemoryPetRepository implements PetRepository, PetRestore {
  private readonly byId: Pet[] = [];
  private readonly byStatus = Object.fromEntries(PET_STATUSES.map((status) => [status, []])) as unknown as Record<
    PetStatus,
    Pet[]
  >;
  /** The last pet added under each idempotency key, and until when the key names it. */
  private readonly byOrigin = new Map<string, { pet: Pet; keptUntil: number }>();
  /** No id up to this one is handed out (reserveIds). */
  private reservedThrough = 0;

  add(newPet: NewPet): Promise<Pet> {
    return settledNow(() => this.addNow(newPet));
  }

  addOnce(newPet: NewPet, origin: PetOrigin): Promise<PetAddedOnce> {
    return settledNow(() => {
      const originKey = JSON.stringify([origin.key.client, origin.key.key]);
      const earlier = this.byOrigin.get(originKey);
      if (earlier !== undefined && namesRequest(earlier, origin)) return { pet: earlier.pet, added: false };
      const pet = this.addNow(newPet);
      this.byOrigin.set(originKey, { pet, keptUntil: origin.keptUntil });
      return { pet, added: true };
    });
  }

  findById(id: PetId): Promise<Pet | undefined> {
    return Promise.resolve(this.stored(id));
  }

  list({ limit, status, afterId = 0 }: PetPageQuery): Promise<Pet[]> {
    const pets = status === undefined ? this.byId : this.byStatus[status];
    const start = firstIndexWithIdAbove(pets, afterId);
    return Promise.resolve(pets.slice(start, start + limit));
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
      this.reservedThrough = Math.max(this.reservedThrough, through);
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
    const candidate = this.byId[firstIndexWithIdAbove(this.byId, id - 1)];
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
    this.append(petOf(nextPetId(Math.max(this.byId.at(-1)?.id ?? 0, this.reservedThrough)), newPet));
    return this.byId.at(-1) as Pet;
  }

  /** A pet with an id above every stored one: onto the ends of the lists. */
  private append(pet: Pet): void {
    Object.freeze(pet);
    this.byId.push(pet);
    if (pet.status !== undefined) this.byStatus[pet.status].push(pet);
  }

  /** A restored pet: into its place in each list (at the end, unless it fills a gap). */
  private insert(pet: Pet): void {
    Object.freeze(pet);
    this.byId.splice(firstIndexWithIdAbove(this.byId, pet.id), 0, pet);
    if (pet.status !== undefined) {
      const withStatus = this.byStatus[pet.status];
      withStatus.splice(firstIndexWithIdAbove(withStatus, pet.id), 0, pet);
    }
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

function firstIndexWithIdAbove(pets: readonly Pet[], afterId: PetId): number {
  let low = 0;
  let high = pets.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((pets[middle] as Pet).id <= afterId) low = middle + 1;
    else high = middle;
  }
  return low;
}
