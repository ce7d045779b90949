// Run by test/wrong-variant.test.ts, which expects it to fail: the kit against the wrong variant.
import { describePetRepositoryContract } from '@petstore/testing';
import { afterAll, beforeAll } from 'vitest';
import { startCluster, type Cluster } from '../test/support/cluster.js';
import { freshStorage } from '../test/support/fresh-storage.js';
import { UnguardedPostgresPetRepository } from './unguarded-postgres-pet-repository.js';

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
}, 60_000);
afterAll(() => cluster.remove());

describePetRepositoryContract('UnguardedPostgresPetRepository', async () => {
  const storage = await freshStorage(cluster.url);
  return { repository: new UnguardedPostgresPetRepository(storage.pool), dispose: storage.dispose };
});
