// Run by test/testing/broken-storages.test.ts, which expects each storage here to fail the rule it breaks.
import {
  describeIdempotencyStoreContract,
  describePetRepositoryContract,
  describePetRestoreContract,
  describeStorageOutageContract,
} from '../../../testing/index.js';
import { BROKEN_REPOSITORIES } from './broken-repositories.js';
import { MapRepository } from './map-repository.js';
import { KeysInATable, keepsClaimsNoLonger, type ClaimFault } from './broken-idempotency-stores.js';
import { inMemoryIdempotencyStore } from '../../support/storage-fixture.js';
import { remoteStorage, type OutageFault } from './remote-storages.js';

const fixtureOf = (Repository: new () => MapRepository) => () =>
  Promise.resolve({ repository: new Repository(), dispose: () => Promise.resolve() });

for (const [name, { Repository }] of Object.entries(BROKEN_REPOSITORIES)) {
  describePetRepositoryContract(name, fixtureOf(Repository));
  describePetRestoreContract(name, fixtureOf(Repository));
}

describeIdempotencyStoreContract('KeepsClaimsNoLonger', (options) =>
  Promise.resolve({ idempotencyStore: keepsClaimsNoLonger(options), dispose: () => Promise.resolve() }),
);
for (const fault of ['checks then inserts', 'completes lapsed claims'] satisfies ClaimFault[])
  describeIdempotencyStoreContract(`KeysInATable that ${fault}`, (options) =>
    Promise.resolve({ idempotencyStore: new KeysInATable(options, fault), dispose: () => Promise.resolve() }),
  );

// Fixtures that give every test the same storage: the second test finds what the first left.
const sharedPets = new MapRepository();
describePetRepositoryContract('A fixture that shares its repository', () =>
  Promise.resolve({ repository: sharedPets, dispose: () => Promise.resolve() }),
);
let sharedKeys: ReturnType<typeof inMemoryIdempotencyStore> | undefined;
describeIdempotencyStoreContract('A fixture that shares its idempotency store', (options) => {
  sharedKeys ??= inMemoryIdempotencyStore(options);
  return Promise.resolve({ idempotencyStore: sharedKeys, dispose: () => Promise.resolve() });
});

const OUTAGE_FAULTS: OutageFault[] = [
  'lets driver errors through',
  'queues calls while away',
  'always says reachable',
  'never reconnects',
  'asks only whether the server answers',
];
for (const fault of OUTAGE_FAULTS)
  describeStorageOutageContract(`RemoteStorage that ${fault}`, () => remoteStorage(fault));
