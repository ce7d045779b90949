// The contract kit every storage passes, against a real PostgreSQL: the same named rules as the
// built-in storages, concurrency and outages included.
import {
  describeIdempotencyStoreContract,
  describePetRepositoryContract,
  describePetRestoreContract,
  describeStorageOutageContract,
} from '@petstore/testing';
import { afterAll, beforeAll, describe } from 'vitest';
import { postgresMissing, startCluster, type Cluster } from './support/cluster.js';
import { freshStorage, storageBehindRelay } from './support/fresh-storage.js';

describe.skipIf(postgresMissing !== undefined)('on PostgreSQL', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster();
  }, 60_000);
  afterAll(() => cluster.remove());

  const fixture = () => freshStorage(cluster.url);
  describePetRepositoryContract('PostgresPetRepository', fixture);
  describePetRestoreContract('PostgresPetRepository', fixture);
  describeIdempotencyStoreContract('PostgresIdempotencyStore', ({ now, retention }) =>
    freshStorage(cluster.url, { now, retention }),
  );
  describeStorageOutageContract('PostgreSQL storage', () => storageBehindRelay(cluster.url));
});
