import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Pet } from '../../core/pet.js';
import { startTestApi, type TestApi } from '../support/api-harness.js';
import { describeForEachStorage } from '../support/storages.js';

/**
 * One request of each kind through the whole service on each storage. The contract suites prove
 * the adapters; the HTTP suites prove the API on memory storage; this proves the two meet.
 */
describeForEachStorage('the API end to end', (storage) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ storage });
  });
  afterAll(() => api.close());

  it('creates a pet, reads it back by id and in a list, and replays a keyed create', async () => {
    const keyed = { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'smoke-1' } };
    const created = await api.request('/v1/pets', {
      ...keyed,
      body: JSON.stringify({ name: 'Smoke', categoryId: 4, status: 'pending' }),
    });
    expect(created.status).toBe(201);
    const pet = (await created.json()) as Pet;
    expect(pet).toEqual({ id: pet.id, name: 'Smoke', categoryId: 4, status: 'pending' });

    expect(await (await api.request(`/v1/pets/${pet.id}`)).json()).toEqual(pet);
    expect(await (await api.request('/v1/pets?status=pending')).json()).toEqual([pet]);

    const replay = await api.request('/v1/pets', {
      ...keyed,
      body: JSON.stringify({ name: 'Smoke', categoryId: 4, status: 'pending' }),
    });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(pet);
    expect(await api.repository.list({ limit: 10 })).toEqual([pet]);
  });
});
