import { expect } from 'vitest';
import type { ClaimOutcome, IdempotencyKey } from '@petstore/core/idempotency.js';
import type { IdempotencyStore, PetRepository } from '@petstore/core/ports.js';

const EACH_TEST_ITS_OWN =
  'each test needs an empty storage of its own: make one afresh in the fixture (a database, schema or file), or empty it there';

/** The kit's rules count on an empty storage: one that holds a pet already fails before the rule, saying so. */
export async function expectNoPets(pets: PetRepository): Promise<void> {
  const held = await pets.list({ limit: 1 });
  expect(
    held.map((pet) => pet.id),
    `the fixture gave a storage that holds pets already (list({ limit: 1 }) gave pet ${held[0]?.id}): ${EACH_TEST_ITS_OWN}`,
  ).toEqual([]);
}

/** The outcome of claiming a key the kit uses, which an empty store gives to its first caller. */
export function expectFreeKey(
  outcome: ClaimOutcome,
  key: IdempotencyKey,
): asserts outcome is ClaimOutcome & {
  state: 'claimed';
} {
  expect(
    outcome.state,
    `the fixture gave an idempotency store that holds the key ${key.client}/${key.key} already ` +
      `(found it ${outcome.state}): ${EACH_TEST_ITS_OWN}`,
  ).toBe('claimed');
}

/** A key the kit uses, claimed and released again: an empty store has it free. */
export async function expectNoKeys(store: IdempotencyStore, key: IdempotencyKey): Promise<void> {
  const outcome = await store.claim(key, 'fp');
  expectFreeKey(outcome, key);
  await store.release(outcome.claim);
}
