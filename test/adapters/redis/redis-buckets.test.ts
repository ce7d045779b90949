import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUCKET_KEY_PREFIX, openRedisBuckets, type RedisBuckets } from '../../../adapters/redis/redis-buckets.js';
import { reportSkipped } from '../../support/system-program.js';
import { REDIS_SERVER, startRedis, type RedisServer } from '../../support/redis-server.js';

reportSkipped('The Redis rate-limit store tests', REDIS_SERVER);

describe.skipIf(!('path' in REDIS_SERVER))('token buckets on a real Redis', () => {
  let server: RedisServer;
  let inspect: Redis;
  const opened: RedisBuckets[] = [];
  const bucketsOf = async (limit: number, windowMs: number) => {
    const buckets = await openRedisBuckets(server.url, { limit, windowMs }, { timeoutMs: 1_000 });
    opened.push(buckets);
    return buckets;
  };

  beforeAll(async () => {
    server = await startRedis();
    inspect = new Redis(server.url);
  }, 15_000);
  beforeEach(async () => {
    await server.flush();
  });
  afterAll(async () => {
    await Promise.all(opened.map((buckets) => buckets.close()));
    inspect.disconnect();
    await server.stop();
  });

  it('shares one bucket between clients: what one takes, the other no longer has', async () => {
    const [one, other] = [await bucketsOf(3, 60_000), await bucketsOf(3, 60_000)];
    const taken = [await one.take('k:client-a'), await other.take('k:client-a'), await one.take('k:client-a')];
    expect(taken.map(({ allowed, remaining }) => [allowed, remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
    ]);
    expect(await other.take('k:client-a')).toEqual({
      allowed: false,
      remaining: 0,
      resetSeconds: 60,
      retryAfterSeconds: 20,
    });
    expect((await one.take('k:client-b')).remaining).toBe(2);
  });

  it('refills at the policy rate on the server’s clock', async () => {
    const buckets = await bucketsOf(2, 200);
    await buckets.take('k:client-a');
    await buckets.take('k:client-a');
    expect((await buckets.take('k:client-a')).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await buckets.take('k:client-a')).allowed).toBe(true);
  });

  it('keeps each bucket under the prefix, expiring once it would be full again', async () => {
    const buckets = await bucketsOf(10, 60_000);
    await buckets.take('k:client-a');
    await buckets.take('a:192.0.2.1');
    expect((await inspect.keys('*')).sort()).toEqual([
      `${BUCKET_KEY_PREFIX}a:192.0.2.1`,
      `${BUCKET_KEY_PREFIX}k:client-a`,
    ]);
    // One token spent of ten a minute: full again in six seconds.
    const ttl = await inspect.pttl(`${BUCKET_KEY_PREFIX}k:client-a`);
    expect(ttl).toBeGreaterThan(5_000);
    expect(ttl).toBeLessThanOrEqual(6_000);
  });

  it('opens without a server, and then rejects each call at once rather than queueing it', async () => {
    const gone = await openRedisBuckets('redis://127.0.0.1:1', { limit: 1, windowMs: 1_000 }, { timeoutMs: 1_000 });
    opened.push(gone);
    const started = performance.now();
    await expect(gone.take('k:client-a')).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(900);
  });
});
