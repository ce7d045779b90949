import { PET_STATUSES, petOf, type NewPet, type Pet, type PetId, type PetStatus } from '../../../core/pet.js';
import type { PetPageQuery } from '../../../core/paging.js';
import type { PetRepository } from '../../../core/ports.js';

/**
 * Keeps pets in process memory. Ids are 1, 2, 3, ... so the pet with id n sits at
 * index n-1 of `byId`; each status keeps its own id-ordered list. A page is then a
 * binary search plus `limit` reads, whatever the number of pets.
 */
export class InMemoryPetRepository implements PetRepository {
  private readonly byId: Pet[] = [];
  private readonly byStatus = Object.fromEntries(PET_STATUSES.map((status) => [status, []])) as unknown as Record<PetStatus, Pet[]>;

  add(newPet: NewPet): Promise<Pet> {
    // Only the NewPet fields are kept, whatever else the object carries.
    const pet: Pet = Object.freeze(petOf(this.byId.length + 1, newPet));
    this.byId.push(pet);
    if (pet.status !== undefined) this.byStatus[pet.status].push(pet);
    return Promise.resolve(pet);
  }

  findById(id: PetId): Promise<Pet | undefined> {
    // Any id that is not 1..length (0, negative, fractional, NaN) indexes nothing: undefined.
    return Promise.resolve(this.byId[id - 1]);
  }

  list({ limit, status, afterId = 0 }: PetPageQuery): Promise<Pet[]> {
    const pets = status === undefined ? this.byId : this.byStatus[status];
    const start = firstIndexWithIdAbove(pets, afterId);
    return Promise.resolve(pets.slice(start, start + limit));
  }

  isReachable(): Promise<boolean> {
    return Promise.resolve(true);
  }
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
