import { beforeAll, describe, expect, it } from 'vitest';
import { failedRulesOf } from '../support/broken-kit-run.js';
import { BROKEN_REPOSITORIES } from './broken-storages/broken-repositories.js';

/** Each rule of the kit, the storage broken on purpose to break it, and words its failure must say. */
const BROKEN: readonly (readonly [storage: string, rule: string, says: string])[] = [
  ...Object.entries(BROKEN_REPOSITORIES).map(([name, { breaks, says }]) => [name, breaks, says] as const),
  [
    'KeepsClaimsNoLonger',
    'dates a claim from now by its clock, and keeps it until the end of the retention (keptUntil)',
    'with a retention of 86400000 ms came dated claimedAt',
  ],
  [
    'RemoteStorage that lets driver errors through',
    'answers every call of every port, or rejects it with StorageUnavailable, within its timeout while its server is cut off',
    'add rejected with Error: connect ECONNREFUSED',
  ],
  [
    'RemoteStorage that lets driver errors through',
    'settles the calls in flight when its server goes away mid-call, within its timeout',
    'add rejected with Error: connect ECONNRESET',
  ],
  [
    'RemoteStorage that queues calls while away',
    'answers every call, or rejects it with StorageUnavailable, within its timeout while its server stalls',
    "calls still waiting after 1200 ms (twice the storage's timeout and a second): add, addOnce",
  ],
  [
    'RemoteStorage that always says reachable',
    'reports itself unreachable while its server is cut off, within its timeout and without throwing',
    'expected { answer: true } to deeply equal { answer: false }',
  ],
  [
    'KeysInATable that checks then inserts',
    'gives one key to exactly one of 16 callers claiming it at once, in each of 5 rounds',
    '16 callers claiming one key at once: ',
  ],
  [
    'KeysInATable that checks then inserts',
    'gives a lapsed key to exactly one of 16 callers claiming it at once, in each of 5 rounds',
    '16 callers claiming one lapsed key at once: ',
  ],
  [
    'KeysInATable that completes lapsed claims',
    'lets a claim whose lease has ended complete nothing, though nobody took its key over: the key stays free',
    "a claim completed 60000 ms after it was made, at the end of its lease: the key's next claim found it completed",
  ],
  [
    'A fixture that shares its repository',
    'keeps every field of a pet through add, get, list and export',
    'the fixture gave a storage that holds pets already (list({ limit: 1 }) gave pet 1): each test needs an empty storage',
  ],
  [
    'A fixture that shares its idempotency store',
    'dates a claim from now by its clock, and keeps it until the end of the retention (keptUntil)',
    'the fixture gave an idempotency store that holds the key client-a/key-1 already (found it in_flight)',
  ],
  [
    'RemoteStorage that asks only whether the server answers',
    'reports itself unreachable while its server serves reads but refuses writes, within its timeout',
    'readiness asks whether a write would be taken, not only whether the server answers: expected { answer: true }',
  ],
  [
    'RemoteStorage that lets driver errors through',
    'answers every call, or rejects it with StorageUnavailable, while its server serves reads but refuses writes',
    'with the server refusing writes, calls that rejected with something other than StorageUnavailable: add rejected with Error: cannot execute INSERT in a read-only transaction',
  ],
  [
    'RemoteStorage that never reconnects',
    'serves again once its server is back, without a restart',
    "isReachable within 1200 ms of the server's return",
  ],
];

/**
 * The kit run, in a vitest of its own, against storages that each break a rule on purpose: a rule
 * that stops catching its broken storage is seen here, with the words a storage's author would read.
 */
describe('the contract kit against storages broken on purpose', () => {
  let failures = new Map<string, string>();

  beforeAll(() => {
    // The kit's own seed: the messages above name the pets it draws.
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.PETSTORE_KIT_SEED;
    failures = failedRulesOf('test/testing/vitest.broken.config.ts', env);
  }, 150_000);

  it.each(BROKEN)('catches %s by the rule "%s"', (storage, rule, says) => {
    const failure = failures.get(`${storage} > ${rule}`);
    expect(failure, `${storage} passed the rule it breaks`).toBeDefined();
    expect(failure).toContain(says);
  });
});
