// The storages the broken ones are made from, whole: they pass every rule, so that each broken one
// fails only by what it breaks (broken-storages.test.ts).
import {
  describePetRepositoryContract,
  describePetRestoreContract,
  describeStorageOutageContract,
} from '../../testing/index.js';
import { MapRepository } from './broken-storages/map-repository.js';
import { remoteStorage } from './broken-storages/remote-storages.js';

const fixture = () => Promise.resolve({ repository: new MapRepository(), dispose: () => Promise.resolve() });
describePetRepositoryContract('MapRepository', fixture);
describePetRestoreContract('MapRepository', fixture);
describeStorageOutageContract('RemoteStorage over a client that bounds, wraps and reconnects', () => remoteStorage());
