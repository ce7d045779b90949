// A repository of a project's own, over a Map, written only against the package's public types.
import {
  assertReservable,
  assertRestorable,
  namesRequest,
  nextPetId,
  RestoreConflict,
  sameFields,
  type NewPet,
  type Pet,
  type PetAddedOnce,
  type PetId,
  type PetOrigin,
  type PetPageQuery,
  type PetRepository,
  type PetRestore,
  type RestoreCount,
} from '@petstore/core';

export class MapPetRepository implements PetRepository, PetRestore {
  private readonly pets = new Map<PetId, Pet>();
  private readonly byOrigin = new Map<string, { pet: Pet; keptUntil: number }>();
  private lastId = 0;

  // async: a refusal (no id left) is then a rejected promise, as from any storage, never a throw.
  async add(newPet: NewPet): Promise<Pet> {
    return Promise.resolve({ ...this.addNow(newPet) });
  }

  /** The check and the add in one step, with no await between them: one pet per key, however many callers. */
  async addOnce(newPet: NewPet, origin: PetOrigin): Promise<PetAddedOnce> {
    const originKey = JSON.stringify([origin.key.client, origin.key.key]);
    const earlier = this.byOrigin.get(originKey);
    if (earlier !== undefined && namesRequest(earlier, origin))
      return Promise.resolve({ pet: { ...earlier.pet }, added: false });
    const pet = this.addNow(newPet);
    this.byOrigin.set(originKey, { pet, keptUntil: origin.keptUntil });
    return Promise.resolve({ pet: { ...pet }, added: true });
  }

  findById(id: PetId): Promise<Pet | undefined> {
    const pet = this.pets.get(id);
    return Promise.resolve(pet === undefined ? undefined : { ...pet });
  }

  list({ limit, status, afterId = 0 }: PetPageQuery): Promise<Pet[]> {
    const page = [...this.pets.values()]
      .filter((pet) => pet.id > afterId && (status === undefined || pet.status === status))
      .sort((a, b) => a.id - b.id)
      .slice(0, limit);
    return Promise.resolve(page.map((pet) => ({ ...pet })));
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
    let added = 0;
    for (const pet of pets) {
      if (this.pets.has(pet.id)) continue;
      this.pets.set(pet.id, { ...pet });
      added += 1;
    }
    this.lastId = Math.max(this.lastId, ...pets.map((pet) => pet.id));
    return Promise.resolve({ added, unchanged: pets.length - added });
  }

  async reserveIds(through: PetId): Promise<void> {
    assertReservable(through);
    this.lastId = Math.max(this.lastId, through);
    return Promise.resolve();
  }

  private addNow(newPet: NewPet): Pet {
    this.lastId = nextPetId(this.lastId);
    const pet: Pet = {
      id: this.lastId,
      name: newPet.name,
      categoryId: newPet.categoryId,
      ...(newPet.status === undefined ? {} : { status: newPet.status }),
    };
    this.pets.set(pet.id, pet);
    return pet;
  }

  private differs(pet: Pet): boolean {
    const stored = this.pets.get(pet.id);
    return stored !== undefined && !sameFields(stored, pet);
  }
}
