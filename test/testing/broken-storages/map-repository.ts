import { assertReservable, assertRestorable, sameFields, type RestoreCount } from '../../../core/backup.js';
import { RestoreConflict } from '../../../core/errors.js';
import { namesRequest, type PetAddedOnce, type PetOrigin } from '../../../core/idempotency.js';
import { PAGE_LIMIT_MAX, type PetPageQuery } from '../../../core/paging.js';
import { nextPetId, petOf, type NewPet, type Pet, type PetId } from '../../../core/pet.js';
import type { PetRepository, PetRestore } from '../../../core/ports.js';

/** Where a pet enters the repository, and leaves it: a broken variant breaks one way and keeps the others. */
export type WayIn = 'add' | 'addOnce' | 'restore';
export type WayOut = 'add' | 'addOnce' | 'findById' | 'list' | 'export';

/** A pet on its way in: what the caller gave, the id it is stored under, and the way it came. */
export interface Entering {
  readonly given: Pet | NewPet;
  readonly id: PetId;
  readonly wayIn: WayIn;
}

/** A stored pet on its way out to a caller. */
export interface Leaving {
  readonly stored: Pet;
  readonly wayOut: WayOut;
}

/**
 * A repository over a Map that keeps every rule of the kit, with each way in and out a method of
 * its own: each broken variant overrides one, so that it breaks exactly the rule under test.
 */
export class MapRepository implements PetRepository, PetRestore {
  protected readonly pets = new Map<PetId, Pet>();
  private readonly origins = new Map<string, { id: PetId; keptUntil: number }>();
  protected lastId = 0;

  /** What is stored of a pet handed in: a copy of its fields. */
  protected keep(entering: Entering): Pet {
    return petOf(entering.id, entering.given);
  }

  /** What a caller is given of a stored pet: a copy. */
  protected handOut(leaving: Leaving): Pet {
    return { ...leaving.stored };
  }

  protected nextId(): Promise<PetId> {
    return this.settled(() => (this.lastId = nextPetId(this.lastId)));
  }

  /** A refusal (no id left) as a rejected promise, as from any storage, never a throw. */
  protected settled<T>(work: () => T): Promise<T> {
    return new Promise((resolve) => {
      resolve(work());
    });
  }

  async add(newPet: NewPet): Promise<Pet> {
    const pet = this.keep({ given: newPet, id: await this.nextId(), wayIn: 'add' });
    this.pets.set(pet.id, pet);
    return this.handOut({ stored: pet, wayOut: 'add' });
  }

  addOnce(newPet: NewPet, origin: PetOrigin): Promise<PetAddedOnce> {
    return this.settled(() => {
      const originKey = JSON.stringify([origin.key.client, origin.key.key]);
      const earlier = this.origins.get(originKey);
      if (earlier !== undefined && namesRequest(earlier, origin))
        return { pet: this.handOut({ stored: this.pets.get(earlier.id)!, wayOut: 'addOnce' }), added: false };
      this.lastId = nextPetId(this.lastId);
      const pet = this.keep({ given: newPet, id: this.lastId, wayIn: 'addOnce' });
      this.pets.set(pet.id, pet);
      this.origins.set(originKey, { id: pet.id, keptUntil: origin.keptUntil });
      return { pet: this.handOut({ stored: pet, wayOut: 'addOnce' }), added: true };
    });
  }

  findById(id: PetId): Promise<Pet | undefined> {
    const pet = this.pets.get(id);
    return Promise.resolve(pet === undefined ? undefined : this.handOut({ stored: pet, wayOut: 'findById' }));
  }

  list({ limit, status, afterId = 0 }: PetPageQuery): Promise<Pet[]> {
    const page = [...this.pets.values()]
      .filter((pet) => pet.id > afterId && (status === undefined || pet.status === status))
      .sort((a, b) => a.id - b.id)
      .slice(0, limit);
    // An export reads pages one pet longer than a client may ask for.
    const wayOut = limit > PAGE_LIMIT_MAX ? 'export' : 'list';
    return Promise.resolve(page.map((pet) => this.handOut({ stored: pet, wayOut })));
  }

  isReachable(): Promise<boolean> {
    return Promise.resolve(true);
  }

  conflictsOf(pets: readonly Pet[]): Promise<PetId[]> {
    return Promise.resolve(pets.filter((pet) => this.differs(pet)).map((pet) => pet.id));
  }

  async restore(pets: readonly Pet[]): Promise<RestoreCount> {
    assertRestorable(pets);
    const conflict = pets.find((pet) => this.differs(pet));
    if (conflict !== undefined) throw new RestoreConflict(conflict.id);
    const fresh = pets.filter((pet) => !this.pets.has(pet.id));
    for (const pet of fresh) this.pets.set(pet.id, this.keep({ given: pet, id: pet.id, wayIn: 'restore' }));
    this.lastId = Math.max(this.lastId, ...pets.map((pet) => pet.id));
    return Promise.resolve({ added: fresh.length, unchanged: pets.length - fresh.length });
  }

  async reserveIds(through: PetId): Promise<void> {
    assertReservable(through);
    this.lastId = Math.max(this.lastId, through);
    return Promise.resolve();
  }

  /** Whether a pet given to restore is another than the one stored under its id. */
  protected differs(pet: Pet): boolean {
    const stored = this.pets.get(pet.id);
    return stored !== undefined && !sameFields(stored, pet);
  }
}
