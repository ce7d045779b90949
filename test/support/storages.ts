import { describe } from 'vitest';
import { InMemoryPetRepository } from '../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import type { RepositoryFixture } from '../contracts/pet-repository.contract.js';
import { mongoRepositoryFixture, noMongo } from './mongo.js';

export interface StorageUnderTest {
  readonly name: string;
  /** Set when this storage cannot be had here: its suites are reported as skipped. */
  readonly unavailable: boolean;
  createFixture(): Promise<RepositoryFixture>;
}

export const STORAGES: readonly StorageUnderTest[] = [
  {
    name: 'memory',
    unavailable: false,
    createFixture: () => Promise.resolve({ repository: new InMemoryPetRepository(), dispose: () => Promise.resolve() }),
  },
  { name: 'mongo', unavailable: noMongo, createFixture: () => mongoRepositoryFixture() },
];

/** Runs the same suite once per storage, so every HTTP behaviour holds whatever the storage. */
export function describeForEachStorage(title: string, suite: (storage: StorageUnderTest) => void): void {
  for (const storage of STORAGES) {
    describe.skipIf(storage.unavailable)(`${title} [${storage.name} storage]`, () => {
      suite(storage);
    });
  }
}
