import type { IdempotencyStore } from '../../../core/ports.js';
import type { IdempotencyFixtureOptions } from '../../../testing/index.js';
import { inMemoryIdempotencyStore } from '../../support/storage-fixture.js';

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
