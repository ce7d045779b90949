import type { IdempotencyRetention } from '@petstore/core/idempotency.js';
import type { NewPet, Pet } from '@petstore/core/pet.js';
import type { IdempotencyStore, PetRepository, PetRestore } from '@petstore/core/ports.js';
import { ExportPets } from '@petstore/core/use-cases/export-pets.js';

/** A repository under test, made afresh for each test, and how to let go of what it holds. */
export interface RepositoryFixture {
  readonly repository: PetRepository;
  /** Releases whatever the fixture holds (a database, a connection). */
  dispose(): Promise<void>;
}

export interface RestoreFixture {
  readonly repository: PetRepository & PetRestore;
  dispose(): Promise<void>;
}

export interface IdempotencyFixture {
  readonly idempotencyStore: IdempotencyStore;
  dispose(): Promise<void>;
}

/**
 * How the outage contract takes a storage's server away and brings it back. Each call may be made
 * again, in any state: `restore` with the server there changes nothing.
 */
export interface StorageOutage {
  /** The storage's own bound on a call, in milliseconds; the rules allow twice this and a second. */
  readonly timeoutMs: number;
  /** The server goes away: connections dropped and refused (for a file: no room left to write). */
  cutOff(): Promise<void>;
  /** The server keeps its connections and answers nothing (for a file: another process holds its lock). */
  stall(): Promise<void>;
  /**
   * The server answers reads and refuses writes: a read-only replica, a primary lost, no room left.
   * Optional: without it, the rules that need it are skipped, saying so.
   */
  refuseWrites?(): Promise<void>;
  /** The server is back as it was, after a cut, a stall or writes refused. */
  restore(): Promise<void>;
}

/** Every storage port over one server, made afresh for each test, with the means to take that server away. */
export interface OutageFixture {
  readonly repository: PetRepository & PetRestore;
  readonly idempotencyStore: IdempotencyStore;
  readonly outage: StorageOutage;
  dispose(): Promise<void>;
}

/** What the IdempotencyStore contract asks of the store it is given. */
export interface IdempotencyFixtureOptions {
  /** The store's clock, in milliseconds: the contract moves it instead of waiting. */
  readonly now: () => number;
  /** How long the store keeps an outcome, and holds an in-flight claim. */
  readonly retention: IdempotencyRetention;
}

/** A clock the test moves by hand, starting now. */
export function manualClock(): { now: () => number; advance: (ms: number) => void } {
  let time = Date.now();
  return { now: () => time, advance: (ms) => void (time += ms) };
}

let sequence = 0;

/** A valid NewPet; override only what the test is about. */
export function aNewPet(overrides: Partial<NewPet> = {}): NewPet {
  sequence += 1;
  return { name: `Rex ${sequence}`, categoryId: 1, ...overrides };
}

/**
 * A pet with every field set: the compiler asks for a value here when NewPet gains a field, and the
 * every-field rules then look for it in every storage. Frozen, and handed to storage as a copy: a storage
 * that keeps what it is given cannot change it for the rules after.
 */
export const A_PET_WITH_EVERY_FIELD: Readonly<Required<NewPet>> = Object.freeze({
  name: 'Every Field',
  categoryId: 42,
  status: 'pending',
});

/** Every pet of the repository, as `pets export` reads them: a page at a time, in id order. */
export async function exportedPets(pets: PetRepository): Promise<Pet[]> {
  const exported: Pet[] = [];
  for await (const page of new ExportPets(pets).pages()) exported.push(...page);
  return exported;
}
