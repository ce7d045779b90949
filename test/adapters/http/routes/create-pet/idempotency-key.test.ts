import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Pet } from '../../../../../core/pet.js';
import { StorageUnavailable } from '../../../../../core/errors.js';
import { InMemoryPetRepository } from '../../../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { manualClock } from '../../../../../testing/index.js';
import {
  countPets,
  expectError,
  OTHER_TEST_KEY,
  startTestApi,
  TEST_KEY,
  type TestApi,
} from '../../../../support/api-harness.js';
import { openApiAjv } from '../../../../support/openapi-validator.js';
import { rawRequest, sendRaw } from '../../../../support/raw-http.js';
import { idempotencyRetention } from '../../../../support/storage-fixture.js';
import { watchedStorage } from '../../../../support/watched-storage.js';

const PETS = '/v1/pets';

describe('POST /v1/pets with an Idempotency-Key', () => {
  let api: TestApi;
  // One clock for the file: each test's fresh store measures its expiries from wherever the clock stands.
  const clock = manualClock();
  beforeAll(async () => {
    api = await startTestApi({ now: clock.now });
  });
  beforeEach(() => api.reset());
  afterAll(() => api.close());

  function post(body: unknown, key: string | undefined, apiKey = TEST_KEY): Promise<Response> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (key !== undefined) headers['Idempotency-Key'] = key;
    return api.request(PETS, {
      method: 'POST',
      headers,
      key: apiKey,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  /** What a client can see of an answer, the per-request id aside. */
  async function answerOf(response: Response) {
    return {
      status: response.status,
      location: response.headers.get('location'),
      contentType: response.headers.get('content-type'),
      replayed: response.headers.get('idempotent-replayed'),
      body: await response.text(),
    };
  }

  it('answers a retry exactly as the first request, says it is a replay, and adds nothing', async () => {
    const first = await answerOf(await post({ name: 'Tom', categoryId: 3, status: 'sold' }, 'order-1'));
    expect(first).toMatchObject({ status: 201, replayed: null });
    // The same pet, spelt another way: other key order and whitespace, 3.0 for 3.
    const retry = await answerOf(await post('{ "status": "sold",\n "categoryId": 3.0, "name": "Tom" }', 'order-1'));
    expect(retry).toEqual({ ...first, replayed: 'true' });
    const pet = JSON.parse(first.body) as Pet;
    expect(first.location).toBe(`${PETS}/${pet.id}`);
    expect(await countPets(api)).toBe(1);
  });

  it('refuses the key sent again with another body (422), and adds nothing', async () => {
    await post({ name: 'Tom', categoryId: 3 }, 'order-1');
    const body = await expectError(
      await post({ name: 'Tom', categoryId: 4 }, 'order-1'),
      422,
      'idempotency_key_reused',
    );
    expect(body.message).toBe(
      'This Idempotency-Key was already used with a different request body; send a new key for a new request',
    );
    expect(await countPets(api)).toBe(1);
  });

  it('creates exactly one pet for 50 concurrent requests with one key; every other answer is its replay or 409', async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => post({ name: 'Rush', categoryId: 1 }, 'burst')),
    );
    const created = responses.filter((response) => response.status === 201);
    const originals = created.filter((response) => response.headers.get('idempotent-replayed') === null);
    expect(originals).toHaveLength(1);
    const ids = new Set(await Promise.all(created.map(async (response) => ((await response.json()) as Pet).id)));
    expect(ids.size).toBe(1);
    for (const response of responses.filter((candidate) => candidate.status !== 201)) {
      await expectError(response, 409, 'idempotency_key_in_use');
      expect(response.headers.get('retry-after')).toBe('1');
    }
    expect(await countPets(api)).toBe(1);
  });

  it('keeps keys apart between API keys: the same key from another client is another request', async () => {
    const mine = (await (await post({ name: 'Tom', categoryId: 3 }, 'order-1')).json()) as Pet;
    const theirs = await post({ name: 'Tom', categoryId: 3 }, 'order-1', OTHER_TEST_KEY);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(((await theirs.json()) as Pet).id).not.toBe(mine.id);
    // Nor is another body under that key refused as a reuse of mine.
    expect((await post({ name: 'Kit', categoryId: 9 }, 'order-2', TEST_KEY)).status).toBe(201);
    expect((await post({ name: 'Rex', categoryId: 5 }, 'order-2', OTHER_TEST_KEY)).status).toBe(201);
    expect(await countPets(api)).toBe(4);
  });

  it('forgets a key once IDEMPOTENCY_TTL has passed: the same request then adds a new pet', async () => {
    const first = (await (await post({ name: 'Tom', categoryId: 3 }, 'order-1')).json()) as Pet;
    clock.advance(idempotencyRetention().ttlMs - 1000);
    expect((await post({ name: 'Tom', categoryId: 3 }, 'order-1')).headers.get('idempotent-replayed')).toBe('true');
    clock.advance(2000);
    const later = await post({ name: 'Tom', categoryId: 3 }, 'order-1');
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(((await later.json()) as Pet).id).not.toBe(first.id);
    expect(await countPets(api)).toBe(2);
  });

  it('does not keep a refused request: the client fixes the body and retries with the same key', async () => {
    await expectError(await post({ name: ' ', categoryId: 3 }, 'order-1'), 400, 'invalid_body');
    await expectError(await post('{"name":', 'order-1'), 400, 'invalid_json');
    const fixed = await post({ name: 'Tom', categoryId: 3 }, 'order-1');
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  it('creates as before without a key: each request is a new pet, and no answer claims to be a replay', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await post({ name: 'Tom', categoryId: 3 }, undefined);
      expect(response.status).toBe(201);
      expect(response.headers.get('idempotent-replayed')).toBeNull();
    }
    expect(await countPets(api)).toBe(2);
  });

  it.each([
    ['empty', ''],
    ['256 characters long', 'k'.repeat(256)],
    ['holding a space', 'order 1'],
    ['holding a Latin-1 letter', 'caf\u00E9'],
  ])('refuses a key that is %s with 400 invalid_idempotency_key, and adds nothing', async (_case, key) => {
    const body = await expectError(await post({ name: 'Tom', categoryId: 3 }, key), 400, 'invalid_idempotency_key');
    expect(body.message).toBe('Idempotency-Key must be 1 to 255 visible ASCII characters (no spaces)');
    expect(await countPets(api)).toBe(0);
  });
});

describe('Idempotency-Key, as the wire carries it', () => {
  let api: TestApi;
  afterEach(() => api.close());

  const port = () => Number(new URL(api.baseUrl).port);
  /** Sent byte for byte, header values as Latin-1: what fetch would refuse to send reaches the server too. */
  const create = (headers: string[]) =>
    sendRaw(
      port(),
      Buffer.from(
        rawRequest(
          'POST',
          PETS,
          [`Authorization: Bearer ${TEST_KEY}`, 'Content-Type: application/json', ...headers],
          '{"name":"Tom","categoryId":1}',
        ),
        'latin1',
      ),
    );

  it('refuses the header sent twice, whether the values agree or not: neither is guessed at', async () => {
    api = await startTestApi();
    for (const pair of [
      ['a', 'b'],
      ['a', 'a'],
      ['a', ''],
    ]) {
      const response = await create(pair.map((value) => `Idempotency-Key: ${value}`));
      expect(response?.status).toBe(400);
      expect(JSON.parse(response?.body ?? '{}')).toMatchObject({ code: 'invalid_idempotency_key' });
    }
    expect(await countPets(api)).toBe(0);
  });

  it('reads the header name in any case, and a value without its surrounding spaces (RFC 9110 field syntax)', async () => {
    api = await startTestApi();
    expect((await create(['idempotency-key: k1']))?.status).toBe(201);
    const replay = await create(['IDEMPOTENCY-KEY:    k1   ']);
    expect(replay?.headers['idempotent-replayed']).toBe('true');
    expect(await countPets(api)).toBe(1);
  });

  it('answers 409 with Retry-After while the first request is in flight, then the replay once it is done', async () => {
    const store = watchedStorage(new InMemoryPetRepository());
    const adds = store.hold('add', 'addOnce');
    api = await startTestApi({ repository: store.port });
    const first = create(['Idempotency-Key: slow-1']);
    await adds.started();
    const during = await create(['Idempotency-Key: slow-1']);
    expect(during?.status).toBe(409);
    expect(during?.headers['retry-after']).toBe('1');
    expect(JSON.parse(during?.body ?? '{}')).toEqual({
      code: 'idempotency_key_in_use',
      status: 409,
      message: 'A request with this Idempotency-Key is still in progress; retry it shortly',
    });
    adds.release();
    const original = await first;
    const after = await create(['Idempotency-Key: slow-1']);
    expect(after?.body).toBe(original?.body);
    expect(after?.headers['idempotent-replayed']).toBe('true');
  });

  it('frees the key when storage fails (503), so that the retry adds the pet', async () => {
    const flaky = new InMemoryPetRepository();
    vi.spyOn(flaky, 'addOnce').mockRejectedValueOnce(new StorageUnavailable());
    api = await startTestApi({ repository: flaky });
    expect((await create(['Idempotency-Key: retry-1']))?.status).toBe(503);
    const retry = await create(['Idempotency-Key: retry-1']);
    expect(retry?.status).toBe(201);
    expect(retry?.headers['idempotent-replayed']).toBeUndefined();
    expect(await countPets(api)).toBe(1);
  });

  it('accepts exactly the keys its OpenAPI document describes (property, over a real socket)', async () => {
    api = await startTestApi();
    const document = (await (await fetch(`${api.baseUrl}/openapi.json`)).json()) as {
      paths: { '/pets': { post: { parameters: { name: string; schema: object }[] } } };
    };
    const [parameter] = document.paths['/pets'].post.parameters;
    expect(parameter?.name).toBe('Idempotency-Key');
    const documentSays = openApiAjv().compile(parameter?.schema ?? {});
    // Any byte a header line can hold but CR and LF, read by Node as Latin-1; Node trims the ends itself.
    const characters = (min: number, max: number) => fc.integer({ min, max }).map((code) => String.fromCharCode(code));
    const anyByte = characters(0x01, 0xff).filter((character) => character !== '\n' && character !== '\r');
    const headerValue = fc
      .oneof(fc.string({ unit: characters(0x21, 0x7e), maxLength: 260 }), fc.string({ unit: anyByte, maxLength: 260 }))
      .map((text) => text.replace(/^[\t ]+|[\t ]+$/g, ''));
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(headerValue, async (key) => {
        const response = await create([`Idempotency-Key: ${key}`]).then(
          (raw) => raw,
          () => undefined,
        );
        expect({ key, accepted: response?.status === 201 }).toEqual({ key, accepted: documentSays(key) });
        if (response?.status === 201) accepted += 1;
        else expect(response?.status).toBe(400);
      }),
      // A create a run over a socket; 300 keys put well over 50 on each side of the rule (asserted below).
      { seed: 20261123, numRuns: 300 },
    );
    // Both sides of the rule were tried.
    expect(accepted).toBeGreaterThan(50);
    expect(accepted).toBeLessThan(250);
  });
});
