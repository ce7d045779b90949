import { describe, expect, it, vi } from 'vitest';
import { sharedRateLimiter, type SharedBuckets } from '../../../../adapters/http/rate-limit/shared-rate-limiter.js';
import type { Allowance } from '../../../../adapters/http/rate-limit/token-buckets.js';

const POLICY = { limit: 3, windowMs: 60_000 };
const TIMEOUT_MS = 20;
const RETRY_MS = 1_000;

/** A store a test steers: it answers from a count of its own, fails, or never answers. */
function steeredStore() {
  const asked: string[] = [];
  let taken = 0;
  let mode: 'answers' | 'fails' | 'stalls' = 'answers';
  const store: SharedBuckets = {
    take(bucket) {
      asked.push(bucket);
      if (mode === 'fails') return Promise.reject(new Error('connection refused'));
      if (mode === 'stalls') return new Promise<Allowance>(() => undefined);
      taken += 1;
      const remaining = Math.max(0, 100 - taken);
      return Promise.resolve({ allowed: true, remaining, resetSeconds: 7, retryAfterSeconds: 0 });
    },
  };
  return {
    store,
    asked,
    set: (next: typeof mode) => {
      mode = next;
    },
  };
}

function limiterOver(store: SharedBuckets) {
  const events: string[] = [];
  let clock = 0;
  const limit = sharedRateLimiter(POLICY, store, {
    timeoutMs: TIMEOUT_MS,
    retryMs: RETRY_MS,
    watch: {
      fellBack: (cause) => events.push(`fell back: ${(cause as Error).message}`),
      returned: () => events.push('returned'),
    },
    now: () => clock,
  });
  const remainingOf = async (client: string | undefined, address = '192.0.2.1') => {
    const standing = await limit(client, address);
    return { remaining: standing.headers.find(([name]) => name === 'RateLimit')?.[1], refused: standing.refusal?.code };
  };
  return { remainingOf, events, pass: (ms: number) => (clock += ms) };
}

describe('a rate limit drawn from buckets every instance shares', () => {
  it("tells each request the store's standing, by the key's bucket or the address's /64", async () => {
    const steered = steeredStore();
    const { remainingOf, events } = limiterOver(steered.store);
    expect(await remainingOf('client-a')).toEqual({ remaining: '"default";r=99;t=7', refused: undefined });
    expect(await remainingOf(undefined, '2001:db8:1:2::9')).toEqual({
      remaining: '"default";r=98;t=7',
      refused: undefined,
    });
    expect(steered.asked).toEqual(['k:client-a', 'a:2001:db8:1:2::/64']);
    expect(events).toEqual([]);
  });

  it('refuses with 429 what the store refuses, with its retry', async () => {
    const store: SharedBuckets = {
      take: () => Promise.resolve({ allowed: false, remaining: 0, resetSeconds: 60, retryAfterSeconds: 20 }),
    };
    const { remainingOf } = limiterOver(store);
    expect(await remainingOf('client-a')).toEqual({ remaining: '"default";r=0;t=60', refused: 'rate_limited' });
  });

  it('counts on its own, from full buckets, once the store fails, and says so once', async () => {
    const steered = steeredStore();
    const { remainingOf, events } = limiterOver(steered.store);
    steered.set('fails');
    const standings = [];
    for (let request = 0; request < 4; request += 1) standings.push(await remainingOf('client-a'));
    expect(standings).toEqual([
      { remaining: '"default";r=2;t=20', refused: undefined },
      { remaining: '"default";r=1;t=40', refused: undefined },
      { remaining: '"default";r=0;t=60', refused: undefined },
      { remaining: '"default";r=0;t=60', refused: 'rate_limited' },
    ]);
    expect(events).toEqual(['fell back: connection refused']);
    // Only the first request asked: the others did not wait on a store known to be away.
    expect(steered.asked).toHaveLength(1);
  });

  it('gives up on a store that does not answer within its timeout', async () => {
    const steered = steeredStore();
    const { remainingOf, events } = limiterOver(steered.store);
    steered.set('stalls');
    const started = performance.now();
    expect(await remainingOf('client-a')).toEqual({ remaining: '"default";r=2;t=20', refused: undefined });
    expect(performance.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 1);
    expect(events).toEqual([`fell back: no answer within ${TIMEOUT_MS} ms`]);
  });

  it('takes an answer that came in time though the process itself paused past the timeout', async () => {
    // The answer comes in a few milliseconds, and is read as a socket's would be: after the timers due in
    // the same turn of the event loop, the timeout's among them once the process has paused past it.
    const store: SharedBuckets = {
      take: () =>
        new Promise((resolve) =>
          setTimeout(() => {
            setImmediate(() => {
              resolve({ allowed: true, remaining: 41, resetSeconds: 7, retryAfterSeconds: 0 });
            });
          }, 1),
        ),
    };
    const { remainingOf, events } = limiterOver(store);
    const standing = remainingOf('client-a');
    const pausedUntil = performance.now() + 3 * TIMEOUT_MS;
    while (performance.now() < pausedUntil);
    expect(await standing).toEqual({ remaining: '"default";r=41;t=7', refused: undefined });
    expect(events).toEqual([]);
  });

  it('asks the store again once a retry interval has passed, and shares again when it answers', async () => {
    const steered = steeredStore();
    const { remainingOf, events, pass } = limiterOver(steered.store);
    steered.set('fails');
    await remainingOf('client-a');
    pass(RETRY_MS - 1);
    await remainingOf('client-a');
    expect(steered.asked).toHaveLength(1);
    pass(1);
    await remainingOf('client-a');
    expect(steered.asked).toHaveLength(2);
    expect(events).toEqual(['fell back: connection refused']);
    steered.set('answers');
    pass(RETRY_MS);
    expect(await remainingOf('client-a')).toEqual({ remaining: '"default";r=99;t=7', refused: undefined });
    expect(await remainingOf('client-a')).toEqual({ remaining: '"default";r=98;t=7', refused: undefined });
    expect(events).toEqual(['fell back: connection refused', 'returned']);
  });

  it('lets one request at a time ask a store that is away', async () => {
    const steered = steeredStore();
    const { remainingOf, pass } = limiterOver(steered.store);
    steered.set('fails');
    await remainingOf('client-a');
    steered.set('stalls');
    pass(RETRY_MS);
    const asking = remainingOf('client-a');
    await remainingOf('client-b');
    await remainingOf('client-b');
    expect(steered.asked).toHaveLength(2);
    await asking;
    pass(RETRY_MS);
    await remainingOf('client-b');
    expect(steered.asked).toHaveLength(3);
  });

  it('leaves no timer behind once the store has answered', async () => {
    vi.useFakeTimers();
    try {
      const { remainingOf } = limiterOver(steeredStore().store);
      await remainingOf('client-a');
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
