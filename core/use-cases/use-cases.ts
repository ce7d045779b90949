import type { StoragePorts } from '../ports.js';
import type { ReadingPorts, StorageAccess } from '../storage-calls.js';
import { CreatePet } from './create-pet.js';
import { CreatePetOnce } from './create-pet-once.js';
import { ExportPets } from './export-pets.js';
import { GetPet } from './get-pet.js';
import { ImportPets } from './import-pets.js';
import { ListPets } from './list-pets.js';

// Each use case's class, for a host that makes one itself: `petstore` exports them from here.
export * from './create-pet.js';
export * from './create-pet-once.js';
export * from './export-pets.js';
export * from './get-pet.js';
export * from './import-pets.js';
export * from './list-pets.js';

/**
 * The storage a use case is made over. `inUse` is the storage as callers use it (measured, traced,
 * when those are on); `opened` is the storage as it opened, for a batch whose batches, not each of its
 * writes, are what is measured.
 */
export interface UseCaseStorage<Ports = StoragePorts> {
  readonly inUse: Ports;
  readonly opened: Ports;
}

/** A use case as the record holds it: what it does to storage, and how it is made over one. */
export interface UseCaseEntry<Made> {
  /** `read` when it calls only reading methods: a host may then open its storage read-only. */
  readonly access: StorageAccess;
  readonly make: (storage: UseCaseStorage) => Made;
}

/** A use case that only reads: made over the reading methods alone, so calling a write does not compile. */
function reading<Made>(make: (storage: UseCaseStorage<ReadingPorts>) => Made): UseCaseEntry<Made> {
  return { access: 'read', make };
}

function writing<Made>(make: (storage: UseCaseStorage) => Made): UseCaseEntry<Made> {
  return { access: 'write', make };
}

/**
 * Every use case of the service, by the name every host picks it by: the container binds each, the HTTP
 * app and the command line take those they call, and the command line opens storage read-only for one
 * that reads. Adding a use case is its class, its export above and one line here.
 */
export const USE_CASES = {
  listPets: reading(({ inUse }) => new ListPets(inUse.pets)),
  createPet: writing(({ inUse }) => new CreatePet(inUse.pets)),
  createPetOnce: writing(({ inUse }) => new CreatePetOnce(inUse.pets, inUse.idempotency)),
  getPet: reading(({ inUse }) => new GetPet(inUse.pets)),
  exportPets: reading(({ inUse }) => new ExportPets(inUse.pets)),
  importPets: writing(({ opened }) => new ImportPets(new CreatePet(opened.pets), opened.pets)),
};

export type UseCaseName = keyof typeof USE_CASES;

/** Each use case, made: what a host holds once its storage is open. */
export type UseCases = { readonly [Name in UseCaseName]: ReturnType<(typeof USE_CASES)[Name]['make']> };

/** The names of every use case, in the record's order. */
export const USE_CASE_NAMES = Object.keys(USE_CASES) as readonly UseCaseName[];

/** Every use case over one storage, as a host without a container (a test, a script) makes them. */
export function useCasesOver(storage: UseCaseStorage): UseCases {
  return Object.fromEntries(USE_CASE_NAMES.map((name) => [name, USE_CASES[name].make(storage)])) as unknown as UseCases;
}
