import { addressPartition } from './address-partition.js';
import { rateLimiter, rateStandingOf, type RateLimiter, type RateStanding } from './rate-limiter.js';
import type { Allowance, RateLimitPolicy } from './token-buckets.js';

/** Token buckets every instance of the service draws on: a store's. `take` rejects when the store fails. */
export interface SharedBuckets {
  /** Takes a token from `bucket` (`k:` and a client, or `a:` and an address's partition) under the policy. */
  take(bucket: string): Promise<Allowance>;
}

/** Told when the instance stops drawing on the shared buckets, and when it draws on them again. */
export interface SharedBucketsWatch {
  fellBack(cause: unknown): void;
  returned(): void;
}

export interface SharedRateLimiterOptions {
  /** How long a request waits on the store before it is counted in this instance's buckets instead. */
  readonly timeoutMs: number;
  /** While fallen back, how often one request asks the store again. */
  readonly retryMs: number;
  readonly watch: SharedBucketsWatch;
  /** The clock the retries are timed by; Date.now unless a test's. */
  readonly now?: (() => number) | undefined;
}

/**
 * The rate limit drawn from buckets every instance shares: a key's budget is one across the fleet, and
 * its headers tell what the fleet still takes. A store slow or gone never costs an answer: past
 * `timeoutMs`, or failing, the instance limits on its own from full buckets of its own (the fleet then
 * admits up to N times the limit), lets one request ask the store again each `retryMs`, and returns to
 * the shared buckets by itself once the store answers.
 */
export function sharedRateLimiter(
  policy: RateLimitPolicy,
  store: SharedBuckets,
  { timeoutMs, retryMs, watch, now = Date.now }: SharedRateLimiterOptions,
): RateLimiter {
  const standingOf = rateStandingOf(policy);
  /** This instance's own buckets while the store is away; undefined while it answers. */
  let local: ((client: string | undefined, clientAddress: string) => RateStanding) | undefined;
  let retryAt = 0;
  /** Whether a request is asking the store that is away: the others meanwhile count on this instance. */
  let asking = false;

  return async function takeSharedToken(client, clientAddress) {
    if (local === undefined) return fromStore(client, clientAddress);
    if (asking || now() < retryAt) return local(client, clientAddress);
    asking = true;
    try {
      return await fromStore(client, clientAddress);
    } finally {
      asking = false;
    }
  };

  /** The store's standing for the request; this instance's own, and it falls back, when the store fails. */
  async function fromStore(client: string | undefined, clientAddress: string): Promise<RateStanding> {
    try {
      const bucket = client === undefined ? `a:${addressPartition(clientAddress)}` : `k:${client}`;
      const standing = standingOf(await withinMs(store.take(bucket), timeoutMs));
      if (local !== undefined) {
        local = undefined;
        watch.returned();
      }
      return standing;
    } catch (error) {
      if (local === undefined) {
        local = rateLimiter(policy);
        watch.fellBack(error);
      }
      retryAt = now() + retryMs;
      return local(client, clientAddress);
    }
  }
}

/**
 * The store's answer, or a rejection once `ms` have passed without one. The rejection waits one turn of
 * the event loop past the timer (a second timer, as every runtime has): after a pause of the process's
 * own, the timer and the answer are due together, and timers run before sockets are read, so that the
 * answer that came in time still wins.
 */
function withinMs<T>(answer: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      setTimeout(() => {
        reject(new Error(`no answer within ${ms} ms`));
      }, 0);
    }, ms);
  });
  return Promise.race([answer, late]).finally(() => {
    clearTimeout(timer);
  });
}
