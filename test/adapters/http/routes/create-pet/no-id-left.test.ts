import { afterEach, describe, expect, it } from 'vitest';
import { InMemoryPetRepository } from '../../../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { PET_ID_MAX, type Pet } from '../../../../../core/pet.js';
import { expectError, startTestApi, type TestApi } from '../../../../support/api-harness.js';
import { samplesOf, valueOf } from '../../../../support/prometheus-text.js';

describe('creates once no pet id is left', () => {
  let api: TestApi;
  afterEach(() => api.close());

  async function apiWithTheLastIdTaken(): Promise<{ last: Pet }> {
    const repository = new InMemoryPetRepository();
    const last: Pet = { id: PET_ID_MAX, name: 'Last', categoryId: 1 };
    await repository.restore([last]);
    api = await startTestApi({ repository });
    return { last };
  }

  async function refusedCreates(): Promise<number> {
    const text = await (await fetch(`${api.baseUrl}/metrics`)).text();
    return valueOf(samplesOf(text), 'petstore_pet_ids_exhausted_total', {});
  }

  it('answers 507 pet_ids_exhausted, with or without an Idempotency-Key, stores nothing, and counts each refusal', async () => {
    const { last } = await apiWithTheLastIdTaken();
    expect(await refusedCreates()).toBe(0);
    const body = await expectError(
      await api.postJson('/v1/pets', { name: 'Rex', categoryId: 1 }),
      507,
      'pet_ids_exhausted',
    );
    expect(body.message).toBe('No pet id is left to hand out: the highest pet id is taken, so no pet can be added');
    const keyed = () =>
      api.request('/v1/pets', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'one-try' },
        body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
      });
    await expectError(await keyed(), 507, 'pet_ids_exhausted');
    // The key is let go with the refusal: a retry is carried out afresh, never told it is still in progress.
    await expectError(await keyed(), 507, 'pet_ids_exhausted');
    expect(await refusedCreates()).toBe(3);
    expect(await (await api.request('/v1/pets')).json()).toEqual([last]);
    // A warning for each, with no stack: a state of the storage to act on, not a bug.
    expect(api.loggedErrors).toEqual([]);
    expect(
      api.logLines
        .filter((line) => line.msg === 'no pet id left')
        .map(({ level, method, path }) => [level, method, path]),
    ).toEqual(Array.from({ length: 3 }, () => ['warn', 'POST', '/v1/pets']));
  });

  it('stays ready and serves every read: pulling the instance would stop the reads too', async () => {
    const { last } = await apiWithTheLastIdTaken();
    await expectError(await api.postJson('/v1/pets', { name: 'Rex', categoryId: 1 }), 507, 'pet_ids_exhausted');
    expect((await fetch(`${api.baseUrl}/readyz`)).status).toBe(200);
    expect(await (await api.request(`/v1/pets/${PET_ID_MAX}`)).json()).toEqual(last);
  });
});
