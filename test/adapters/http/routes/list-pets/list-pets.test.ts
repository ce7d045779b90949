import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Pet, PetStatus } from '../../../../../core/pet.js';
import { aNewPet } from '../../../../support/builders.js';
import { expectError, startTestApi, type TestApi } from '../../../../support/api-harness.js';

describe('listPets', () => {
  let api: TestApi;
  let stored: Pet[];
  const statusCycle: (PetStatus | undefined)[] = ['sold', 'available', 'pending', undefined, 'sold'];

  beforeAll(async () => {
    api = await startTestApi();
  });
  beforeEach(async () => {
    await api.reset();
    stored = [];
    for (let index = 0; index < 53; index += 1) {
      const status = statusCycle[index % statusCycle.length];
      stored.push(await api.repository.add(aNewPet(status === undefined ? {} : { status })));
    }
  });
  afterAll(() => api.close());

  async function listBody(response: Response): Promise<Pet[]> {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    return (await response.json()) as Pet[];
  }

  /** Follows `Link: rel="next"` from the first page to the last, collecting every page. */
  async function walkPages(firstPath: string): Promise<{ pages: Pet[][]; links: string[] }> {
    const pages: Pet[][] = [];
    const links: string[] = [];
    let path: string | undefined = firstPath;
    while (path !== undefined && pages.length < 100) {
      const response = await api.request(path);
      pages.push(await listBody(response));
      const link = response.headers.get('link');
      path = link === null ? undefined : /^<([^>]+)>; rel="next"$/.exec(link)?.[1];
      if (link !== null) links.push(link);
    }
    return { pages, links };
  }

  describe('GET /v1/pets', () => {
    it('returns the first 20 pets in ascending id order by default, as a plain array', async () => {
      const pets = await listBody(await api.request('/v1/pets'));
      expect(pets).toEqual(stored.slice(0, 20));
    });

    it('links to the next page, keeping the limit', async () => {
      const response = await api.request('/v1/pets');
      expect(response.headers.get('link')).toBe(`</v1/pets?limit=20&after=${stored[19]!.id}>; rel="next"`);
    });

    it('walks every pet exactly once, page by page, with no link on the last page', async () => {
      const { pages, links } = await walkPages('/v1/pets?limit=10');
      expect(pages.map((page) => page.length)).toEqual([10, 10, 10, 10, 10, 3]);
      expect(pages.flat()).toEqual(stored);
      expect(links).toHaveLength(5);
    });

    it('walks a status filter page by page, the links keeping the filter', async () => {
      const sold = stored.filter((pet) => pet.status === 'sold');
      const { pages, links } = await walkPages('/v1/pets?status=sold&limit=7');
      expect(pages.flat()).toEqual(sold);
      expect(pages.slice(0, -1).every((page) => page.length === 7)).toBe(true);
      expect(links.every((link) => link.includes('status=sold') && link.includes('limit=7'))).toBe(true);
    });

    it('gives no next link when the page ends exactly at the last match', async () => {
      const pending = stored.filter((pet) => pet.status === 'pending');
      const response = await api.request(`/v1/pets?status=pending&limit=${pending.length}`);
      expect(await listBody(response)).toEqual(pending);
      expect(response.headers.get('link')).toBeNull();
    });

    it('starts after the given id', async () => {
      const pets = await listBody(await api.request(`/v1/pets?limit=3&after=${stored[49]!.id}`));
      expect(pets).toEqual(stored.slice(50));
    });

    it('filters by each status', async () => {
      for (const status of ['available', 'pending', 'sold'] as const) {
        const pets = await listBody(await api.request(`/v1/pets?status=${status}&limit=100`));
        expect(pets).toEqual(stored.filter((pet) => pet.status === status));
      }
    });

    it('accepts limit 1 and 100', async () => {
      expect(await listBody(await api.request('/v1/pets?limit=1'))).toHaveLength(1);
      expect(await listBody(await api.request('/v1/pets?limit=100'))).toHaveLength(53);
    });

    it('ignores unknown query parameters', async () => {
      expect(await listBody(await api.request('/v1/pets?limit=2&colour=brown'))).toEqual(stored.slice(0, 2));
    });

    it('answers HEAD like GET, without a body', async () => {
      const response = await api.request('/v1/pets', { method: 'HEAD' });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('');
    });

    it.each([
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=-1', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1.5', 'limit'],
      ['limit=', 'limit'],
      ['limit=1e1', 'limit'],
      ['limit=0x10', 'limit'],
      ['limit=%201', 'limit'],
      ['limit=5&limit=6', 'limit'],
      ['status=Available', 'status'],
      ['status=', 'status'],
      ['status=lost', 'status'],
      ['status=sold&status=sold', 'status'],
      ['after=-1', 'after'],
      ['after=abc', 'after'],
      ['after=', 'after'],
      ['after=1.0', 'after'],
      ['after=99999999999999999999', 'after'],
    ])('answers 400 invalid_query naming the parameter for ?%s', async (query, parameter) => {
      const body = await expectError(await api.request(`/v1/pets?${query}`), 400, 'invalid_query');
      expect(body.message).toContain(`Invalid query parameter: ${parameter}`);
      expect(body.details?.[0]?.path).toBe(parameter);
    });

    it('says what a valid limit is', async () => {
      const body = await expectError(await api.request('/v1/pets?limit=101'), 400, 'invalid_query');
      expect(body.message).toBe('Invalid query parameter: limit must be an integer from 1 to 100');
      expect(body.details).toEqual([{ path: 'limit', message: 'limit must be an integer from 1 to 100' }]);
    });

    it.each([
      ['limit=5&limit=6', 'limit must be given once, as an integer'],
      ['status=sold&status=sold', 'status must be given once'],
      ['status=lost', 'status must be one of available, pending, sold, or left out'],
      ['after=x', 'after must be written in decimal digits, without sign, fraction or leading zeros'],
      ['limit=007', 'limit must be written in decimal digits, without sign, fraction or leading zeros'],
      ['after=9007199254740992', 'after must be a pet id to continue after: an integer from 0 to 9007199254740991'],
    ])('says what is wrong with ?%s', async (query, message) => {
      const body = await expectError(await api.request(`/v1/pets?${query}`), 400, 'invalid_query');
      expect(body.details).toEqual([{ path: query.split('=')[0], message }]);
    });

    it('reports every bad parameter in details', async () => {
      const body = await expectError(await api.request('/v1/pets?limit=0&status=x&after=y'), 400, 'invalid_query');
      expect(body.details?.map((detail) => detail.path)).toEqual(['limit', 'status', 'after']);
    });
  });
});
