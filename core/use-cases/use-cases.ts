import type { StoragePorts } from '../ports.js';
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
export interface UseCaseStorage {
  readonly inUse: StoragePorts;
  readonly opened: StoragePorts;
}

/**
 * Every use case of the service, by the name every host picks it by: the container binds each, the HTTP
 * app and the command line take those they call. Adding a use case is its class, its export above and
 * one line here.
 */
export const USE_CASES = {
  listPets: ({ inUse }: UseCaseStorage) => new ListPets(inUse.pets),
  createPet: ({ inUse }: UseCaseStorage) => new CreatePet(inUse.pets),
  createPetOnce: ({ inUse }: UseCaseStorage) => new CreatePetOnce(inUse.pets, inUse.idempotency),
  getPet: ({ inUse }: UseCaseStorage) => new GetPet(inUse.pets),
  exportPets: ({ inUse }: UseCaseStorage) => new ExportPets(inUse.pets),
  importPets: ({ opened }: UseCaseStorage) => new ImportPets(new CreatePet(opened.pets), opened.pets),
} as const;

export type UseCaseName = keyof typeof USE_CASES;

/** Each use case, made: what a host holds once its storage is open. */
export type UseCases = { readonly [Name in UseCaseName]: ReturnType<(typeof USE_CASES)[Name]> };

/** The names of every use case, in the record's order. */
export const USE_CASE_NAMES = Object.keys(USE_CASES) as readonly UseCaseName[];

/** Every use case over one storage, as a host without a container (a test, a script) makes them. */
export function useCasesOver(storage: UseCaseStorage): UseCases {
  return Object.fromEntries(USE_CASE_NAMES.map((name) => [name, USE_CASES[name](storage)])) as unknown as UseCases;
}
