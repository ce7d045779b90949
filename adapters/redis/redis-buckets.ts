import { Redis } from 'ioredis';
import type { SharedBuckets } from '@petstore/http/rate-limit/shared-rate-limiter.js';
import type { Allowance, RateLimitPolicy } from '@petstore/http/rate-limit/token-buckets.js';
import { TAKE_TOKEN_SCRIPT } from './token-bucket-script.js';

/** Where the buckets' keys live, so that a Redis shared with other programs tells them apart. */
export const BUCKET_KEY_PREFIX = 'petstore:rate-limit:';

type TakeTokenReply = [taken: 0 | 1, remaining: number, untilFullMs: number, untilOneMs: number];

interface WithTakeToken {
  takeToken(bucket: string, limit: number, windowMs: number): Promise<TakeTokenReply>;
}

export interface RedisBuckets extends SharedBuckets {
  /** Closes the connection: what is in flight is answered first. */
  close(): Promise<void>;
}

/** How long opening waits for the first connection: past it the service starts anyway, limiting on its own. */
const CONNECT_WAIT_MS = 2_000;

/**
 * The shared token buckets on a Redis server at `url` (redis:// or rediss://, its password included),
 * once connected or `CONNECT_WAIT_MS` on. One round trip a request: the script runs by its digest, and
 * calls made in the same tick go out in one write (auto-pipelining). A call is never queued while the
 * connection is down, nor retried: it fails at once, or after `timeoutMs`, and the limiter counts the
 * request in the instance's own buckets.
 */
export async function openRedisBuckets(
  url: string,
  policy: RateLimitPolicy,
  { timeoutMs }: { timeoutMs: number },
): Promise<RedisBuckets> {
  const redis = new Redis(url, {
    keyPrefix: BUCKET_KEY_PREFIX,
    commandTimeout: timeoutMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    enableAutoPipelining: true,
    // Reconnects on its own, at most a second apart, for as long as the service runs.
    retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
  });
  // Each failure reaches the limiter as the call's rejection, and is logged there once; not here each retry.
  redis.on('error', () => undefined);
  redis.defineCommand('takeToken', { numberOfKeys: 1, lua: TAKE_TOKEN_SCRIPT });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, CONNECT_WAIT_MS);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  const scripted = redis as Redis & WithTakeToken;
  return {
    async take(bucket) {
      const [taken, remaining, untilFullMs, untilOneMs] = await scripted.takeToken(
        bucket,
        policy.limit,
        policy.windowMs,
      );
      return allowanceOf(taken === 1, remaining, untilFullMs, untilOneMs);
    },
    async close() {
      await redis.quit().catch(() => {
        redis.disconnect();
      });
    },
  };
}

function allowanceOf(allowed: boolean, remaining: number, untilFullMs: number, untilOneMs: number): Allowance {
  return {
    allowed,
    remaining,
    resetSeconds: Math.ceil(untilFullMs / 1000),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(untilOneMs / 1000)),
  };
}
