import { describe, expect, it } from 'vitest';
import { redactedRedisUrl } from '../../../adapters/redis/redis-url.js';

describe('a Redis URL as logs show it', () => {
  it('hides the password, and a user name with it', () => {
    expect(redactedRedisUrl('redis://:s3cret@redis.internal:6379/2')).toBe('redis://:***@redis.internal:6379/2');
    expect(redactedRedisUrl('rediss://limiter:s3cret@redis.internal')).toBe('rediss://:***@redis.internal');
    expect(redactedRedisUrl('redis://limiter@redis.internal')).toBe('redis://:***@redis.internal');
  });

  it('shows a URL without credentials as it is, and none of a URL that does not parse', () => {
    expect(redactedRedisUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(redactedRedisUrl('redis://:s3cret@[::1')).toBe('(a URL that does not parse)');
  });
});
