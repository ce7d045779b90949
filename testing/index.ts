// `petstore/testing`: the contract every storage adapter of the core is held to, as vitest suites.
// Call one in a test file with a fixture that makes your adapter; each rule is one named test.
export { describePetRepositoryContract } from './pet-repository.contract.js';
export { describePetRestoreContract } from './pet-restore.contract.js';
export { describeIdempotencyStoreContract } from './idempotency-store.contract.js';
export { describeStorageOutageContract } from './outage.contract.js';
export { TcpProxy } from './tcp-proxy.js';
export { aNewPet, manualClock } from './fixtures.js';
export type {
  IdempotencyFixture,
  IdempotencyFixtureOptions,
  OutageFixture,
  RepositoryFixture,
  RestoreFixture,
  StorageOutage,
} from './fixtures.js';
export { describeHttpApiContract } from './http-api.contract.js';
export type { Answer, HttpHost } from './http-host.js';
