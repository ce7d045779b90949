import type { IdempotencyRetention } from '../core/idempotency.js';
import type { NewPet } from '../core/pet.js';
import type { IdempotencyStore, PetRepository, PetRestore } from '../core/ports.js';

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
