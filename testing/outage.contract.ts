import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IdempotencyClaim } from '@petstore/core/idempotency.js';
import type { Pet } from '@petstore/core/pet.js';
import type { IdempotencyStore, PetRepository, PetRestore } from '@petstore/core/ports.js';
import { expectFreeKey, expectNoPets } from './empty-storage.js';
import { aNewPet, type OutageFixture } from './fixtures.js';
import { expectPet } from './pet-expectations.js';
import { expectSettledAsAllowed, settledWithin, type Settled } from './settling.js';

/** Every method of every storage port. */
type StorageMethod = keyof (PetRepository & PetRestore) | keyof IdempotencyStore;

/**
 * What every storage whose server can go away must do when it does: every call of every port settles
 * within the storage's own timeout, as its answer or as StorageUnavailable; readiness says no; and
 * once the server is back the storage serves again, without a restart. A storage with no server to
 * lose (memory) has no outage to prove.
 */
export function describeStorageOutageContract(name: string, createFixture: () => Promise<OutageFixture>): void {
  // Each rule bounds its own waits by the storage's timeout; this only stops a test that never ends.
  describe(`${name} honours the outage contract`, { timeout: 60_000 }, () => {
    let fixture: OutageFixture;
    /** Stored before each outage: what reads must still give if they answer. */
    let stored: Pet;
    /** Stored before each outage too: for a call that changes or removes a pet, so that `stored` stays as it was. */
    let spare: Pet;
    /** Claims taken before each outage, for complete and release to act on. */
    let claims: IdempotencyClaim[];
    let withinMs: number;

    beforeEach(async () => {
      fixture = await createFixture();
      withinMs = 2 * fixture.outage.timeoutMs + 1000;
      await expectNoPets(fixture.repository);
      stored = await fixture.repository.add(aNewPet({ status: 'pending' }));
      spare = await fixture.repository.add(aNewPet({ status: 'available' }));
      claims = [];
      for (const key of [
        { client: 'client-a', key: 'before-1' },
        { client: 'client-a', key: 'before-2' },
      ]) {
        const outcome = await fixture.idempotencyStore.claim(key, 'fp');
        expectFreeKey(outcome, key);
        claims.push(outcome.claim);
      }
    });
    afterEach(async () => {
      await fixture.outage.restore();
      await fixture.dispose();
    });

    /**
     * One call of each method of every port, with arguments that would succeed were the server there;
     * a method added to a port does not compile until it is called here. isReachable has rules of its own.
     */
    function everyCall(): { [Method in Exclude<StorageMethod, 'isReachable'>]: Promise<unknown> } {
      const { repository: pets, idempotencyStore: keys } = fixture;
      const origin = {
        key: { client: 'client-a', key: `during-${Math.random()}` },
        claimedAt: 1_000,
        keptUntil: 2_000,
      };
      const restored = { ...stored, id: stored.id + 1000 };
      return {
        add: pets.add(aNewPet()),
        addOnce: pets.addOnce(aNewPet(), origin),
        findById: pets.findById(stored.id),
        list: pets.list({ limit: 10 }),
        conflictsOf: pets.conflictsOf([stored, spare]),
        restore: pets.restore([restored]),
        reserveIds: pets.reserveIds(stored.id + 2000),
        claim: keys.claim(origin.key, 'fp'),
        complete: keys.complete(claims[0]!, stored),
        release: keys.release(claims[1]!),
      };
    }

    async function settleAll(calls: Record<string, Promise<unknown>>): Promise<Record<string, Settled>> {
      const names = Object.keys(calls);
      const outcomes = await Promise.all(names.map((call) => settledWithin(calls[call]!, withinMs)));
      return Object.fromEntries(names.map((call, index) => [call, outcomes[index]!]));
    }

    /** A read that answered in the outage gave what is stored; a write that answered kept its word. */
    async function expectAnswersTrue(outcomes: Record<string, Settled>): Promise<void> {
      const answer = (call: string) => {
        const outcome = outcomes[call];
        return typeof outcome === 'object' && 'answer' in outcome ? outcome.answer : undefined;
      };
      if (answer('findById') !== undefined) expectPet(answer('findById') as Pet, stored, 'findById in the outage');
      const listed = answer('list') as Pet[] | undefined;
      if (listed !== undefined) expectPet(listed[0], stored, 'list in the outage, its first pet');
      if (answer('conflictsOf') !== undefined)
        expect(answer('conflictsOf'), 'conflictsOf in the outage, of the stored pet').toEqual([]);
      const added = answer('add') as Pet | undefined;
      if (added !== undefined)
        expectPet(
          await fixture.repository.findById(added.id),
          added,
          'findById, once back, of a pet added in the outage',
        );
    }

    it('answers every call of every port, or rejects it with StorageUnavailable, within its timeout while its server is cut off', async () => {
      await fixture.outage.cutOff();
      const outcomes = await settleAll(everyCall());
      expectSettledAsAllowed(outcomes, withinMs, 'with the server cut off');
      await fixture.outage.restore();
      await expectAnswersTrue(outcomes);
    });

    it('reports itself unreachable while its server is cut off, within its timeout and without throwing', async () => {
      await fixture.outage.cutOff();
      const reachable = await settledWithin(fixture.repository.isReachable(), withinMs);
      expect(reachable, `isReachable with the server cut off, within ${withinMs} ms`).toEqual({ answer: false });
    });

    it('answers every call, or rejects it with StorageUnavailable, within its timeout while its server stalls', async () => {
      await fixture.outage.stall();
      const outcomes = await settleAll({ ...everyCall(), isReachable: fixture.repository.isReachable() });
      expectSettledAsAllowed(outcomes, withinMs, 'with the server answering nothing');
      await fixture.outage.restore();
      await expectAnswersTrue(outcomes);
    });

    it('settles the calls in flight when its server goes away mid-call, within its timeout', async () => {
      const calls = everyCall();
      await fixture.outage.cutOff();
      const outcomes = await settleAll(calls);
      expectSettledAsAllowed(outcomes, withinMs, 'with the server lost mid-call');
      await fixture.outage.restore();
      await expectAnswersTrue(outcomes);
    });

    /** The fixture's hook for a server that refuses writes; without one, the test is skipped, saying so. */
    async function refuseWrites(skip: (note: string) => never): Promise<void> {
      if (fixture.outage.refuseWrites === undefined) skip('the outage fixture has no refuseWrites');
      await fixture.outage.refuseWrites();
    }

    it('reports itself unreachable while its server serves reads but refuses writes, within its timeout', async ({
      skip,
    }) => {
      await refuseWrites(skip);
      const reachable = await settledWithin(fixture.repository.isReachable(), withinMs);
      expect(
        reachable,
        `isReachable with the server serving reads and refusing writes, within ${withinMs} ms: ` +
          'readiness asks whether a write would be taken, not only whether the server answers',
      ).toEqual({ answer: false });
    });

    it('answers every call, or rejects it with StorageUnavailable, while its server serves reads but refuses writes', async ({
      skip,
    }) => {
      await refuseWrites(skip);
      const outcomes = await settleAll(everyCall());
      expectSettledAsAllowed(outcomes, withinMs, 'with the server refusing writes');
      await fixture.outage.restore();
      await expectAnswersTrue(outcomes);
    });

    it('serves again once its server is back, without a restart', async () => {
      await fixture.outage.cutOff();
      await settleAll(everyCall());
      await fixture.outage.restore();
      const deadline = Date.now() + withinMs;
      let reachable = false;
      while (!reachable && Date.now() < deadline) {
        const settled = await settledWithin(fixture.repository.isReachable(), withinMs);
        reachable = typeof settled === 'object' && 'answer' in settled && settled.answer === true;
        if (!reachable) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(reachable, `isReachable within ${withinMs} ms of the server's return`).toBe(true);
      const added = await fixture.repository.add(aNewPet({ name: 'After the outage' }));
      expectPet(await fixture.repository.findById(added.id), added, 'findById after the outage');
      expectPet(
        await fixture.repository.findById(stored.id),
        stored,
        'findById, after the outage, of a pet stored before',
      );
      const claim = await fixture.idempotencyStore.claim({ client: 'client-a', key: 'after' }, 'fp');
      expect(claim.state, 'a claim of a new key after the outage').toBe('claimed');
    });
  });
}
