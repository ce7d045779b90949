import type { Logger } from 'pino';
import type { RateLimiter } from '@petstore/http/rate-limit/rate-limiter.js';
import { sharedRateLimiter } from '@petstore/http/rate-limit/shared-rate-limiter.js';
import type { RateLimitPolicy } from '@petstore/http/rate-limit/token-buckets.js';
import { openRedisBuckets } from './redis-buckets.js';
import { redactedRedisUrl } from './redis-url.js';

/**
 * How long a request waits on Redis, which answers a token in well under a millisecond on a LAN: what a
 * request pays at most when Redis stalls, and long enough that a busy instance's own pauses do not
 * count as the store's.
 */
export const STORE_TIMEOUT_MS = 250;
/** While the store is away, one request a second asks it again. */
export const STORE_RETRY_MS = 1000;

/** Told of each fall-back and return: the metrics count them. */
export interface FallbackCounter {
  rateLimitFellBack(): void;
  rateLimitReturned(): void;
}

export interface SharedRateLimit {
  readonly limiter: RateLimiter;
  close(): Promise<void>;
}

/**
 * The rate limit of every instance sharing the Redis at `url`, once connected (or not: the service starts
 * without it, limiting on its own), with one log line when this instance
 * falls back to its own buckets and one when it returns; the URL is logged without its password.
 */
export async function sharedRateLimit(
  policy: RateLimitPolicy,
  url: string,
  { logger, metrics }: { logger: Logger; metrics?: FallbackCounter | undefined },
): Promise<SharedRateLimit> {
  const store = redactedRedisUrl(url);
  // The limiter stops waiting at STORE_TIMEOUT_MS; the client drops a call still unanswered some time
  // after, so that a frozen Redis holds no pile of them.
  const buckets = await openRedisBuckets(url, policy, { timeoutMs: 4 * STORE_TIMEOUT_MS });
  const limiter = sharedRateLimiter(policy, buckets, {
    timeoutMs: STORE_TIMEOUT_MS,
    retryMs: STORE_RETRY_MS,
    watch: {
      fellBack: (cause) => {
        metrics?.rateLimitFellBack();
        logger.warn(
          { rateLimitStore: store, reason: (cause as Error).message },
          `rate limit: ${store} did not answer; this instance limits on its own until it does`,
        );
      },
      returned: () => {
        metrics?.rateLimitReturned();
        logger.info({ rateLimitStore: store }, `rate limit: ${store} answers again; the instances share the limit`);
      },
    },
  });
  logger.info({ rateLimitStore: store }, `rate limit: shared by every instance through ${store}`);
  return { limiter, close: () => buckets.close() };
}
