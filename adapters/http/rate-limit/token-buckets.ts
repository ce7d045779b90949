import { LRUCache } from 'lru-cache';

/** At most `limit` requests a `windowMs`, in bursts of up to `limit`, for each client alike. */
export interface RateLimitPolicy {
  readonly limit: number;
  readonly windowMs: number;
}

/** What one request was granted, and what its client has left. */
export interface Allowance {
  readonly allowed: boolean;
  /** Whole requests the client may still make at once. */
  readonly remaining: number;
  /** Seconds until the bucket is full again: the client's quota is whole once more. */
  readonly resetSeconds: number;
  /** When refused: seconds until one request would be allowed (at least 1). */
  readonly retryAfterSeconds: number;
}

interface Bucket {
  tokens: number;
  /** When `tokens` was last brought up to date, on the buckets' clock. */
  at: number;
}

/**
 * One token bucket per client, in process: a bucket holds up to `limit` tokens, refills at
 * `limit` per `windowMs`, and a request takes one. lru-cache keeps at most `maxBuckets`, the least
 * recently used going first, and treats a bucket idle for a whole window (full again, the same as
 * none) as gone. A client whose bucket is evicted starts again with a full one: eviction can only
 * ever be lenient.
 */
export class TokenBuckets {
  private readonly buckets: LRUCache<string, Bucket>;
  private readonly tokensPerMs: number;
  private readonly now: () => number;

  constructor(
    private readonly policy: RateLimitPolicy,
    { maxBuckets, now = () => performance.now() }: { maxBuckets: number; now?: (() => number) | undefined },
  ) {
    this.tokensPerMs = policy.limit / policy.windowMs;
    // ttlResolution 0: the clock is read on each check, never a cached reading of it.
    // A get marks its bucket as just used and restarts its idle time: one call a request.
    // The bound is a size of one a bucket, not `max`: `max` makes lru-cache allocate room for every
    // bucket up front, in each app composed (docs/performance.md), where a size lets it grow as clients come.
    this.buckets = new LRUCache({
      maxSize: maxBuckets,
      sizeCalculation: () => 1,
      ttl: policy.windowMs,
      ttlResolution: 0,
      updateAgeOnGet: true,
      perf: { now },
    });
    this.now = now;
  }

  /** Takes a token from the client's bucket if it has one. */
  take(client: string): Allowance {
    const now = this.now();
    const bucket = this.buckets.get(client) ?? this.newBucket(client, now);
    const tokens = Math.min(this.policy.limit, bucket.tokens + (now - bucket.at) * this.tokensPerMs);
    const allowed = tokens >= 1;
    bucket.tokens = allowed ? tokens - 1 : tokens;
    bucket.at = now;
    return {
      allowed,
      remaining: Math.floor(bucket.tokens),
      resetSeconds: this.secondsToHold(this.policy.limit - bucket.tokens),
      // A refused bucket holds less than one token, so this is at least one second.
      retryAfterSeconds: allowed ? 0 : this.secondsToHold(1 - bucket.tokens),
    };
  }

  private newBucket(client: string, now: number): Bucket {
    const bucket = { tokens: this.policy.limit, at: now };
    this.buckets.set(client, bucket);
    return bucket;
  }

  /** Whole seconds until the bucket holds `tokens` more than now. */
  private secondsToHold(tokens: number): number {
    return Math.ceil(tokens / this.tokensPerMs / 1000);
  }
}
