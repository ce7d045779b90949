import { describe } from 'vitest';
import { InMemoryPetRepository } from '../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { mongoStorageFixture, noMongo } from './mongo.js';
import { sqliteStorageFixture } from './sqlite.js';
import { inMemoryIdempotencyStore, type StorageFixture, type StorageFixtureOptions } from './storage-fixture.js';

export interface StorageUnderTest {
  readonly name: string;
  /** Set when this storage cannot be had here: its suites are reported as skipped. */
  readonly unavailable: boolean;
  createFixture(options?: StorageFixtureOptions): Promise<StorageFixture>;
}

export const STORAGES: readonly StorageUnderTest[] = [
  {
    name: 'memory',
    unavailable: false,
    createFixture: (options) =>
      Promise.resolve({
        repository: new InMemoryPetRepository(),
        idempotencyStore: inMemoryIdempotencyStore(options),
        dispose: () => Promise.resolve(),
      }),
  },
  { name: 'sqlite', unavailable: false, createFixture: (options) => sqliteStorageFixture(options) },
  { name: 'mongo', unavailable: noMongo, createFixture: (options) => mongoStorageFixture(options) },
];

/** Runs the same suite once per storage; a storage that cannot be had here is reported as skipped. */
export function describeForEachStorage(title: string, suite: (storage: StorageUnderTest) => void): void {
  for (const storage of STORAGES) {
    describe.skipIf(storage.unavailable)(`${title} [${storage.name} storage]`, () => {
      suite(storage);
    });
  }
}
