import { describe, expect, it } from 'vitest';
import { TokenBuckets } from '../../../../adapters/http/rate-limit/token-buckets.js';

/** Buckets on a clock the test moves: 3 requests a minute, so one token every 20 s. */
function threeAMinute(maxBuckets = 10) {
  // Not 0: lru-cache takes an entry stamped at time 0 for one without a time to live.
  let now = 1_000_000;
  const buckets = new TokenBuckets({ limit: 3, windowMs: 60_000 }, { maxBuckets, now: () => now });
  return { buckets, advance: (ms: number) => (now += ms) };
}

describe('TokenBuckets', () => {
  it('allows a burst of the whole limit, then refuses, telling when a token is back', () => {
    const { buckets } = threeAMinute();
    expect([1, 2, 3].map(() => buckets.take('a'))).toEqual([
      { allowed: true, remaining: 2, resetSeconds: 20, retryAfterSeconds: 0 },
      { allowed: true, remaining: 1, resetSeconds: 40, retryAfterSeconds: 0 },
      { allowed: true, remaining: 0, resetSeconds: 60, retryAfterSeconds: 0 },
    ]);
    expect(buckets.take('a')).toEqual({ allowed: false, remaining: 0, resetSeconds: 60, retryAfterSeconds: 20 });
  });

  it('does not charge a refused request: waiting the Retry-After is enough', () => {
    const { buckets, advance } = threeAMinute();
    for (let request = 0; request < 3; request += 1) buckets.take('a');
    for (let request = 0; request < 5; request += 1) expect(buckets.take('a').allowed).toBe(false);
    advance(19_999);
    expect(buckets.take('a')).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    advance(1);
    expect(buckets.take('a')).toEqual({ allowed: true, remaining: 0, resetSeconds: 60, retryAfterSeconds: 0 });
  });

  it('refills at limit per window, never above the limit', () => {
    const { buckets, advance } = threeAMinute();
    for (let request = 0; request < 3; request += 1) buckets.take('a');
    advance(40_000);
    expect(buckets.take('a')).toMatchObject({ allowed: true, remaining: 1, resetSeconds: 40 });
    advance(10 * 60_000);
    expect(buckets.take('a')).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 20 });
  });

  it('keeps each client to its own bucket', () => {
    const { buckets } = threeAMinute();
    for (let request = 0; request < 3; request += 1) buckets.take('a');
    expect(buckets.take('a').allowed).toBe(false);
    expect(buckets.take('b')).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('gives a client idle for a whole window a full bucket, and one idle for less its standing', () => {
    const { buckets, advance } = threeAMinute();
    for (let request = 0; request < 3; request += 1) buckets.take('a');
    buckets.take('c');
    advance(30_000);
    for (let request = 0; request < 3; request += 1) buckets.take('c');
    advance(30_001);
    // a was idle over 60 s: full again. c only 30 s: half a window refilled 1.5 of its 3 tokens, not a fresh bucket's 3.
    expect(buckets.take('a')).toMatchObject({ allowed: true, remaining: 2 });
    expect(buckets.take('c')).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('holds at most maxBuckets, whatever the number of clients: of 100,000 distinct ones the earliest are forgotten', () => {
    const { buckets } = threeAMinute(1000);
    for (let client = 0; client < 100_000; client += 1) buckets.take(`client-${client}`);
    // The most recent clients keep their standing; the evicted start again with a full bucket.
    expect(buckets.take('client-99999')).toMatchObject({ remaining: 1 });
    expect(buckets.take('client-0')).toMatchObject({ remaining: 2 });
  });

  it('keeps a busy client when others flood in, as long as it keeps coming', () => {
    const { buckets } = threeAMinute(100);
    buckets.take('busy');
    for (let client = 0; client < 10_000; client += 1) {
      if (client % 50 === 0) buckets.take('busy');
      buckets.take(`flood-${client}`);
    }
    expect(buckets.take('busy').allowed).toBe(false);
  });
});
