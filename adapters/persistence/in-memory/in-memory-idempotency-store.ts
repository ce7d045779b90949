import { randomUUID } from 'node:crypto';
import {
  earlierRequest,
  type ClaimOutcome,
  type IdempotencyClaim,
  type IdempotencyKey,
  type IdempotencyRetention,
} from '@petstore/core/idempotency.js';
import type { Pet } from '@petstore/core/pet.js';
import type { IdempotencyStore } from '@petstore/core/ports.js';

export interface InMemoryIdempotencyOptions extends IdempotencyRetention {
  /** The most keys kept for one client; past it, that client's oldest key is forgotten first. */
  readonly maxKeysPerClient: number;
  /** The clock, in milliseconds; tests move it instead of waiting. */
  readonly now?: (() => number) | undefined;
}

interface KeyRecord {
  readonly fingerprint: string;
  readonly token: string;
  expiresAt: number;
  pet?: Pet;
}

/**
 * Keeps idempotency keys in process memory, within a fixed bound: each client has its own map,
 * in the order its keys were first claimed, and at most `maxKeysPerClient` entries. Expired keys
 * are dropped from the oldest end as new ones arrive; when a client is at its cap, its oldest key
 * goes, whatever its state. One client's flood of keys therefore never evicts another client's.
 */
export class InMemoryIdempotencyStore implements IdempotencyStore {
  private readonly clients = new Map<string, Map<string, KeyRecord>>();
  private readonly now: () => number;

  constructor(private readonly options: InMemoryIdempotencyOptions) {
    this.now = options.now ?? Date.now;
  }

  claim({ client, key }: IdempotencyKey, fingerprint: string): Promise<ClaimOutcome> {
    const now = this.now();
    const records = this.recordsOf(client);
    const live = records.get(key);
    if (live !== undefined && live.expiresAt > now) return Promise.resolve(earlierRequest(live.fingerprint, live.pet));
    // A lapsed record goes; the new one joins at the newest end.
    records.delete(key);
    makeRoom(records, now, this.options.maxKeysPerClient);
    const token = randomUUID();
    records.set(key, { fingerprint, token, expiresAt: now + this.options.leaseMs });
    const claim = { key: { client, key }, token, claimedAt: now, keptUntil: now + this.options.ttlMs };
    return Promise.resolve({ state: 'claimed', claim });
  }

  complete(claim: IdempotencyClaim, pet: Pet): Promise<void> {
    const now = this.now();
    const record = this.recordOf(claim);
    // A lease that has ended frees the key: its claim completes nothing, whether or not another took the key.
    if (record !== undefined && record.expiresAt > now) {
      record.pet = pet;
      record.expiresAt = now + this.options.ttlMs;
    }
    return Promise.resolve();
  }

  release(claim: IdempotencyClaim): Promise<void> {
    if (this.recordOf(claim) !== undefined) this.recordsOf(claim.key.client).delete(claim.key.key);
    return Promise.resolve();
  }

  private recordsOf(client: string): Map<string, KeyRecord> {
    let records = this.clients.get(client);
    if (records === undefined) {
      records = new Map();
      this.clients.set(client, records);
    }
    return records;
  }

  /** The claim's own record, if it still holds the key. */
  private recordOf({ key, token }: IdempotencyClaim): KeyRecord | undefined {
    const record = this.recordsOf(key.client).get(key.key);
    return record !== undefined && record.token === token ? record : undefined;
  }
}

/** Drops expired keys from the oldest end, then the oldest keys until there is room for one more. */
function makeRoom(records: Map<string, KeyRecord>, now: number, max: number): void {
  for (const [key, record] of records) {
    if (record.expiresAt > now && records.size < max) return;
    records.delete(key);
  }
}
