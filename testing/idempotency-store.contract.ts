import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  IN_FLIGHT_LEASE_MS,
  type ClaimOutcome,
  type IdempotencyClaim,
  type IdempotencyKey,
  type IdempotencyRetention,
} from '@petstore/core/idempotency.js';
import type { Pet } from '@petstore/core/pet.js';
import type { IdempotencyStore } from '@petstore/core/ports.js';
import { expectNoKeys } from './empty-storage.js';
import { manualClock, type IdempotencyFixture, type IdempotencyFixtureOptions } from './fixtures.js';
import { RACE_ROUNDS, RACERS, racedInRounds, wrongRounds } from './races.js';

/** The retention the store under test is given: a day's outcomes, the core's lease. */
const RETENTION: IdempotencyRetention = { ttlMs: 24 * 60 * 60 * 1000, leaseMs: IN_FLIGHT_LEASE_MS };

/**
 * What every IdempotencyStore must do. Each storage runs this same suite, so the rule
 * "one key, one outcome" holds whichever store keeps the keys.
 */
export function describeIdempotencyStoreContract(
  name: string,
  createFixture: (options: IdempotencyFixtureOptions) => Promise<IdempotencyFixture>,
): void {
  describe(`${name} honours the IdempotencyStore contract`, () => {
    let fixture: IdempotencyFixture;
    let store: IdempotencyStore;
    let clock: ReturnType<typeof manualClock>;
    const { ttlMs, leaseMs } = RETENTION;
    const key: IdempotencyKey = { client: 'client-a', key: 'key-1' };
    const pet: Pet = { id: 7, name: 'Rex', categoryId: 2, status: 'sold' };

    beforeEach(async () => {
      clock = manualClock();
      fixture = await createFixture({ now: clock.now, retention: RETENTION });
      store = fixture.idempotencyStore;
      await expectNoKeys(store, key);
    });
    afterEach(async () => {
      await fixture.dispose();
    });

    async function claimed(outcome: Promise<ClaimOutcome>): Promise<IdempotencyClaim> {
      const result = await outcome;
      if (result.state !== 'claimed') throw new Error(`expected the key to be claimed, found it ${result.state}`);
      return result.claim;
    }

    it('gives a free key to its first caller, and tells the next it is in flight, with its fingerprint', async () => {
      const claim = await claimed(store.claim(key, 'fp-1'));
      expect(claim.key).toEqual(key);
      expect(await store.claim(key, 'fp-2')).toEqual({ state: 'in_flight', fingerprint: 'fp-1' });
    });

    it('dates a claim from now by its clock, and keeps it until the end of the retention (keptUntil)', async () => {
      clock.advance(5_000);
      const { claimedAt, keptUntil } = await claimed(store.claim(key, 'fp-1'));
      expect(
        { claimedAt, keptUntil },
        `a claim made at ${clock.now()} with a retention of ${ttlMs} ms ` +
          `came dated claimedAt ${claimedAt}, keptUntil ${keptUntil}; expected keptUntil ${clock.now() + ttlMs}`,
      ).toEqual({ claimedAt: clock.now(), keptUntil: clock.now() + ttlMs });
    });

    it('answers a completed key with its pet and fingerprint, for as long as the retention lasts', async () => {
      await store.complete(await claimed(store.claim(key, 'fp-1')), pet);
      expect(await store.claim(key, 'fp-1')).toEqual({ state: 'completed', fingerprint: 'fp-1', pet });
      clock.advance(ttlMs - 1000);
      expect(await store.claim(key, 'fp-other')).toEqual({ state: 'completed', fingerprint: 'fp-1', pet });
    });

    it('keeps a pet without status without a status', async () => {
      const plain: Pet = { id: 8, name: 'Kit', categoryId: 1 };
      await store.complete(await claimed(store.claim(key, 'fp')), plain);
      const outcome = await store.claim(key, 'fp');
      expect(outcome).toEqual({ state: 'completed', fingerprint: 'fp', pet: plain });
      expect(Object.keys((outcome as { pet: Pet }).pet).sort()).toEqual(['categoryId', 'id', 'name']);
    });

    it('forgets a completed key once the retention is over: the key is free again', async () => {
      await store.complete(await claimed(store.claim(key, 'fp-1')), pet);
      clock.advance(ttlMs + 1);
      const again = await store.claim(key, 'fp-2');
      expect(again.state).toBe('claimed');
      expect(await store.claim(key, 'fp-3')).toEqual({ state: 'in_flight', fingerprint: 'fp-2' });
    });

    it('frees a released key for a retry', async () => {
      await store.release(await claimed(store.claim(key, 'fp-1')));
      expect((await store.claim(key, 'fp-1')).state).toBe('claimed');
    });

    it('frees a key claimed but neither completed nor released when its lease ends, to the millisecond', async () => {
      await claimed(store.claim(key, 'fp-1'));
      clock.advance(leaseMs - 1);
      expect((await store.claim(key, 'fp-1')).state).toBe('in_flight');
      clock.advance(1);
      expect((await store.claim(key, 'fp-1')).state).toBe('claimed');
    });

    it('keeps a completed key for the retention counted from its completion, to the millisecond', async () => {
      const claim = await claimed(store.claim(key, 'fp-1'));
      clock.advance(1000);
      await store.complete(claim, pet);
      clock.advance(ttlMs - 1);
      expect((await store.claim(key, 'fp-1')).state).toBe('completed');
      clock.advance(1);
      expect((await store.claim(key, 'fp-1')).state).toBe('claimed');
    });

    it('lets a claim whose key was released neither complete nor release anything any more', async () => {
      const first = await claimed(store.claim(key, 'fp-1'));
      await store.release(first);
      await store.complete(first, pet);
      await store.release(first);
      expect((await store.claim(key, 'fp-1')).state).toBe('claimed');
    });

    it('lets a claim whose lease has ended complete nothing, though nobody took its key over: the key stays free', async () => {
      const lapsed = await claimed(store.claim(key, 'fp-1'));
      clock.advance(leaseMs);
      await store.complete(lapsed, pet);
      const after = await store.claim(key, 'fp-2');
      expect(
        after.state,
        `a claim completed ${leaseMs} ms after it was made, at the end of its lease: the key's next claim found it ` +
          `${after.state}; a lease that has ended frees the key, and its claim completes nothing`,
      ).toBe('claimed');
    });

    it('lets a lapsed claim neither complete nor release the claim that took its key over', async () => {
      const lapsed = await claimed(store.claim(key, 'fp-1'));
      clock.advance(leaseMs + 1);
      const current = await claimed(store.claim(key, 'fp-1'));
      await store.complete(lapsed, { ...pet, id: 99 });
      await store.release(lapsed);
      expect(await store.claim(key, 'fp-1')).toEqual({ state: 'in_flight', fingerprint: 'fp-1' });
      await store.complete(current, pet);
      expect(await store.claim(key, 'fp-1')).toEqual({ state: 'completed', fingerprint: 'fp-1', pet });
    });

    it("keeps each client's keys apart: the same key of another client is another key", async () => {
      await store.complete(await claimed(store.claim(key, 'fp-1')), pet);
      expect((await store.claim({ client: 'client-b', key: key.key }, 'fp-1')).state).toBe('claimed');
      expect((await store.claim({ client: key.client, key: 'key-2' }, 'fp-1')).state).toBe('claimed');
      expect(await store.claim(key, 'fp-1')).toEqual({ state: 'completed', fingerprint: 'fp-1', pet });
    });

    it('treats keys as exact strings: case and look-alikes are other keys', async () => {
      await claimed(store.claim({ client: 'c', key: 'Key' }, 'fp'));
      for (const other of ['key', 'KEY', 'Key ', '"Key"']) {
        expect((await store.claim({ client: 'c', key: other }, 'fp')).state).toBe('claimed');
      }
    });

    /** What a round's claims found, if not one claimed and the others told the key is in flight. */
    const wrongClaims = (outcomes: readonly ClaimOutcome[]) => {
      const claims = outcomes.filter((outcome) => outcome.state === 'claimed').length;
      const inFlight = outcomes.filter((outcome) => outcome.state === 'in_flight').length;
      return claims === 1 && inFlight === RACERS - 1
        ? undefined
        : `${claims} were given the key and ${inFlight} told it is in flight; expected 1 and ${RACERS - 1}`;
    };

    it(`gives one key to exactly one of ${RACERS} callers claiming it at once, in each of ${RACE_ROUNDS} rounds`, async () => {
      const wrong = await racedInRounds((round) => store.claim({ ...key, key: `race-${round}` }, 'fp'), wrongClaims);
      expect(
        wrong.filter((found) => found !== undefined),
        `${RACERS} callers claiming one key at once: ${wrongRounds(wrong)}`,
      ).toEqual([]);
    });

    it(`gives a lapsed key to exactly one of ${RACERS} callers claiming it at once, in each of ${RACE_ROUNDS} rounds`, async () => {
      const keyOf = (round: number) => ({ ...key, key: `race-${round}` });
      const wrong = await racedInRounds(
        (round) => store.claim(keyOf(round), 'fp'),
        wrongClaims,
        async (round) => {
          await claimed(store.claim(keyOf(round), 'fp'));
          clock.advance(leaseMs + 1);
        },
      );
      expect(
        wrong.filter((found) => found !== undefined),
        `${RACERS} callers claiming one lapsed key at once: ${wrongRounds(wrong)}`,
      ).toEqual([]);
    });
  });
}
