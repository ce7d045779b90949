import { expect, it } from 'vitest';
import { expectError, type HostClient } from './http-host.js';

const POLICY = /^"default";q=(\d+);w=(\d+)$/;
const STANDING = /^"default";r=(\d+);t=(\d+)$/;

/** The rules of what a client may repeat: a create under an Idempotency-Key, and requests up to the rate limit. */
export function itLimitsRatesAndReplays(clientOf: () => HostClient): void {
  it('replays a create sent again with its Idempotency-Key and body: the first answer, Idempotent-Replayed, one pet', async () => {
    const client = clientOf();
    const request = { method: 'POST', headers: { 'idempotency-key': 'order-1' }, body: { name: 'Rex', categoryId: 2 } };
    const first = await client.send('/v1/pets', request);
    const again = await client.send('/v1/pets', request);
    expect(first.status, `the first create: ${first.text}`).toBe(201);
    expect(first.headers.get('idempotent-replayed'), 'a first answer is no replay').toBeNull();
    expect([again.status, again.json], 'the repeat gets the first answer').toEqual([201, first.json]);
    expect(again.headers.get('location'), "the repeat's Location").toBe(first.headers.get('location'));
    expect(again.headers.get('idempotent-replayed'), 'a replay says so: Idempotent-Replayed: true').toBe('true');
    expect((await client.send('/v1/pets')).json, 'one pet, however often the create was sent').toEqual([first.json]);
  });

  it('refuses an Idempotency-Key sent again with another body with 422 idempotency_key_reused', async () => {
    const client = clientOf();
    const headers = { 'idempotency-key': 'order-2' };
    await client.send('/v1/pets', { method: 'POST', headers, body: { name: 'Rex', categoryId: 2 } });
    const reused = await client.send('/v1/pets', { method: 'POST', headers, body: { name: 'Tom', categoryId: 2 } });
    expectError(reused, 422, 'idempotency_key_reused', 'a key sent again with another body');
  });

  it('refuses an empty, overlong or non-ASCII Idempotency-Key with 400 invalid_idempotency_key', async () => {
    const client = clientOf();
    for (const key of ['x'.repeat(256), 'clé']) {
      const answer = await client
        .send('/v1/pets', {
          method: 'POST',
          headers: { 'idempotency-key': key },
          body: { name: 'Rex', categoryId: 2 },
        })
        .catch(() => undefined);
      // A runtime's fetch may refuse to send a header it cannot encode: that key cannot reach any host.
      if (answer !== undefined)
        expectError(answer, 400, 'invalid_idempotency_key', `Idempotency-Key: ${key.slice(0, 12)}`);
    }
    expect((await client.send('/v1/pets')).json, 'refused keys add no pet').toEqual([]);
  });

  it('tells each answer under /v1 its rate: RateLimit-Policy with the limit, RateLimit with what remains', async () => {
    const client = clientOf();
    const { rateLimit } = client.host;
    const answers = [
      await client.send('/v1/pets'),
      await client.send('/v1/pets?limit=0'),
      await client.send('/v1/pets', { headers: { authorization: null } }),
    ];
    for (const answer of answers) {
      const policy = POLICY.exec(answer.headers.get('ratelimit-policy') ?? '');
      expect(policy?.[1], `RateLimit-Policy of a ${answer.status} names the limit, q=${rateLimit}`).toBe(
        String(rateLimit),
      );
      expect(answer.headers.get('ratelimit') ?? '(absent)', `RateLimit of a ${answer.status}`).toMatch(STANDING);
    }
    const [first, second] = answers.map((answer) => Number(STANDING.exec(answer.headers.get('ratelimit') ?? '')?.[1]));
    expect(first, 'what remains after the first request').toBe(rateLimit - 1);
    expect(second, 'what remains after the second request').toBe(rateLimit - 2);
  });

  it('admits a burst up to the limit, then refuses with 429 rate_limited, Retry-After and nothing remaining', async () => {
    const client = clientOf();
    const { rateLimit } = client.host;
    for (let count = 1; count <= rateLimit; count += 1) {
      const answer = await client.send('/v1/pets');
      expect(answer.status, `request ${count} of a burst of ${rateLimit}, the limit`).toBe(200);
    }
    let refused;
    for (let extra = 0; extra < Math.ceil(rateLimit / 10) + 2 && refused === undefined; extra += 1) {
      const answer = await client.send('/v1/pets');
      if (answer.status !== 200) refused = answer;
    }
    expect(refused, `a request past a burst of ${rateLimit} is refused`).toBeDefined();
    if (refused === undefined) return;
    expectError(refused, 429, 'rate_limited', `a request past a burst of ${rateLimit}`);
    expect(
      Number(refused.headers.get('retry-after')),
      'a 429 says in Retry-After when to come back, in seconds',
    ).toBeGreaterThanOrEqual(1);
    expect(STANDING.exec(refused.headers.get('ratelimit') ?? '')?.[1], 'a 429 has nothing remaining').toBe('0');
  });

  it('answers 507 pet_ids_exhausted to a create once no pet id is left, and goes on serving reads', async ({
    skip,
  }) => {
    const client = clientOf();
    if (client.host.exhaustIds === undefined) {
      skip('the fixture gives no exhaustIds: the rule of 507 is not checked');
      return;
    }
    const pet = await client.create({ name: 'Rex', categoryId: 1 });
    await client.host.exhaustIds();
    const refused = await client.send('/v1/pets', { method: 'POST', body: { name: 'Tom', categoryId: 1 } });
    expectError(refused, 507, 'pet_ids_exhausted', 'a create once no pet id is left');
    expect((await client.send('/v1/pets')).json, 'the pets already stored, still listed').toEqual([pet]);
  });

  it('answers 503 service_unavailable with Retry-After while the storage is away, and readiness 503', async ({
    skip,
  }) => {
    const client = clientOf();
    if (client.host.storageOutage === undefined) {
      skip('the fixture gives no storageOutage: the rules of 503 are not checked');
      return;
    }
    const outage = await client.host.storageOutage();
    try {
      const answer = await client.send('/v1/pets');
      expectError(answer, 503, 'service_unavailable', 'GET /v1/pets with the storage away');
      expect(
        Number(answer.headers.get('retry-after')),
        'a 503 says in Retry-After when to retry',
      ).toBeGreaterThanOrEqual(1);
      const ready = await client.send('/readyz', { headers: { authorization: null } });
      expectError(ready, 503, 'service_unavailable', 'GET /readyz with the storage away');
    } finally {
      await outage.restore();
    }
    expect((await client.send('/readyz')).status, 'ready again once the storage is back').toBe(200);
  });
}
