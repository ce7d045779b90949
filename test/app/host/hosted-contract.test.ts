import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../app/host/config.js';
import { createFetchHandler } from '../../../app/host/fetch-service.js';

describe('the hosted contract, for a host of its own', () => {
  it('refuses RATE_LIMIT_STORE, which only the service reads, naming it and not its password', async () => {
    const refusal = await createFetchHandler({
      settings: { STORAGE: 'memory', RATE_LIMIT_STORE: 'redis://:s3cret@127.0.0.1:6379' },
      logger: false,
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ConfigError);
    expect((refusal as Error).message).toBe(
      "RATE_LIMIT_STORE is read by the petstore service only; another host shares a limit through createApiContract's rateLimit",
    );
  });

  it('opens without it, limiting in its own buckets', async () => {
    const service = await createFetchHandler({ settings: { STORAGE: 'memory', API_KEYS: 'k' }, logger: false });
    const answer = await service.fetch(
      new Request('http://api.test/v1/pets', { headers: { Authorization: 'Bearer k' } }),
      { clientAddress: '192.0.2.1' },
    );
    expect(answer.headers.get('ratelimit')).toBe('"default";r=5999;t=1');
    await service.close();
  });
});
