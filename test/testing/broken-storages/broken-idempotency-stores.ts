import { randomUUID } from 'node:crypto';
import {
  earlierRequest,
  type ClaimOutcome,
  type IdempotencyClaim,
  type IdempotencyKey,
} from '../../../core/idempotency.js';
import type { Pet } from '../../../core/pet.js';
import type { IdempotencyStore } from '../../../core/ports.js';
import type { IdempotencyFixtureOptions } from '../../../testing/index.js';
import { inMemoryIdempotencyStore } from '../../support/storage-fixture.js';
import { PretendPool } from './pretend-pool.js';

/** Dates a claim's retention from the claim itself: `keptUntil` is the moment it was claimed. */
export function keepsClaimsNoLonger(options: IdempotencyFixtureOptions): IdempotencyStore {
  const store = inMemoryIdempotencyStore(options);
  return {
    async claim(key, fingerprint) {
      const outcome = await store.claim(key, fingerprint);
      if (outcome.state !== 'claimed') return outcome;
      return { ...outcome, claim: { ...outcome.claim, keptUntil: outcome.claim.claimedAt } };
    },
    complete: (claim, pet) => store.complete(claim, pet),
    release: (claim) => store.release(claim),
  };
}

interface KeyRecord {
  readonly fingerprint: string;
  readonly token: string;
  expiresAt: number;
  pet?: Pet;
}

/** A way a store of keys in a table breaks one rule. */
export type ClaimFault = 'checks then inserts' | 'completes lapsed claims';

/**
 * Keys in a table reached through a pool, each broken one way and keeping every other rule: one
 * that claims by a look-up, then an insert, with no unique constraint between them; one that lets a
 * claim whose lease has ended complete when nobody took its key over.
 */
export class KeysInATable implements IdempotencyStore {
  private readonly pool = new PretendPool();
  private readonly records = new Map<string, KeyRecord>();

  constructor(
    private readonly options: IdempotencyFixtureOptions,
    private readonly fault: ClaimFault,
  ) {}

  async claim(key: IdempotencyKey, fingerprint: string): Promise<ClaimOutcome> {
    const now = this.options.now();
    const take = (): ClaimOutcome => {
      const token = randomUUID();
      this.records.set(this.id(key), { fingerprint, token, expiresAt: now + this.options.retention.leaseMs });
      return { state: 'claimed', claim: { key, token, claimedAt: now, keptUntil: now + this.options.retention.ttlMs } };
    };
    const earlier = (live: KeyRecord) => earlierRequest(live.fingerprint, live.pet);
    if (this.fault !== 'checks then inserts')
      return this.pool.query(() => {
        const live = this.live(key, now);
        return live === undefined ? take() : earlier(live);
      });
    const live = await this.pool.query(() => this.live(key, now));
    // Another caller's insert may land between the look-up and this one: both are told they claimed.
    return live === undefined ? this.pool.query(take) : earlier(live);
  }

  async complete(claim: IdempotencyClaim, pet: Pet): Promise<void> {
    const now = this.options.now();
    await this.pool.query(() => {
      const record =
        this.fault === 'completes lapsed claims' ? this.records.get(this.id(claim.key)) : this.live(claim.key, now);
      if (record?.token !== claim.token) return;
      record.pet = pet;
      record.expiresAt = now + this.options.retention.ttlMs;
    });
  }

  async release(claim: IdempotencyClaim): Promise<void> {
    await this.pool.query(() => {
      if (this.records.get(this.id(claim.key))?.token === claim.token) this.records.delete(this.id(claim.key));
    });
  }

  private id({ client, key }: IdempotencyKey): string {
    return JSON.stringify([client, key]);
  }

  private live(key: IdempotencyKey, now: number): KeyRecord | undefined {
    const record = this.records.get(this.id(key));
    return record !== undefined && record.expiresAt > now ? record : undefined;
  }
}
