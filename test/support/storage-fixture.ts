import { IN_FLIGHT_LEASE_MS, type IdempotencyRetention } from '../../core/idempotency.js';
import type { IdempotencyStore } from '../../core/ports.js';
import { InMemoryIdempotencyStore } from '../../adapters/persistence/in-memory/in-memory-idempotency-store.js';
import { memoryStorage } from '../../adapters/persistence/in-memory/memory-storage.js';
import { loadConfig } from '../../app/host/config.js';
import type { RepositoryFixture } from '../../testing/fixtures.js';

export interface StorageFixture extends RepositoryFixture {
  readonly idempotencyStore: IdempotencyStore;
}

export interface StorageFixtureOptions {
  /** The idempotency store's clock, in milliseconds; tests move it instead of waiting. */
  readonly now?: (() => number) | undefined;
  /** How long the idempotency store keeps outcomes and claims; the service's defaults unless given. */
  readonly retention?: IdempotencyRetention | undefined;
}

/** What the service runs with by default: the configured TTL and the core's lease. */
export function idempotencyRetention(): IdempotencyRetention {
  return { ttlMs: loadConfig({}).idempotency.ttlMs, leaseMs: IN_FLIGHT_LEASE_MS };
}

export function inMemoryIdempotencyStore({
  now,
  retention = idempotencyRetention(),
}: StorageFixtureOptions = {}): InMemoryIdempotencyStore {
  return new InMemoryIdempotencyStore({
    ...retention,
    maxKeysPerClient: memoryStorage.readSettings({}).IDEMPOTENCY_MAX_KEYS,
    now,
  });
}
