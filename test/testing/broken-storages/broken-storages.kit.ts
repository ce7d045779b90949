// Run by test/testing/broken-storages.test.ts, which expects each storage here to fail the rule it breaks.
import {
  describeIdempotencyStoreContract,
  describePetRepositoryContract,
  describePetRestoreContract,
  describeStorageOutageContract,
} from '../../../testing/index.js';
import { BROKEN_REPOSITORIES } from './broken-repositories.js';
import { MapRepository } from './map-repository.js';
import { keepsClaimsNoLonger } from './broken-idempotency-stores.js';
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

const OUTAGE_FAULTS: OutageFault[] = [
  'lets driver errors through',
  'queues calls while away',
  'always says reachable',
  'never reconnects',
];
for (const fault of OUTAGE_FAULTS)
  describeStorageOutageContract(`RemoteStorage that ${fault}`, () => remoteStorage(fault));
