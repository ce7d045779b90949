import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PET_NAME_RULES } from '../../../../core/pet.js';
import * as v from 'valibot';
import type { ApiError } from '../../../../adapters/http/errors/api-error.js';
import { MAX_ECHOED_CHARACTERS, MAX_ERROR_DETAILS } from '../../../../adapters/http/errors/error-body.js';
import { parseOrThrow } from '../../../../adapters/http/errors/parse-or-throw.js';
import { countPets, expectError, startTestApi, type TestApi } from '../../../support/api-harness.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
beforeEach(() => api.reset());
afterAll(() => api.close());

function postText(body: string): Promise<Response> {
  return api.request('/v1/pets', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
}

describe("names over HTTP follow the core rule, in the core's words", () => {
  it.each([
    ['a lone surrogate', '{"name":"\\ud800","categoryId":1}', PET_NAME_RULES.printable.message],
    ['NUL', '{"name":"Rex\\u0000","categoryId":1}', PET_NAME_RULES.printable.message],
    ['a tab', '{"name":"Rex\\tFido","categoryId":1}', PET_NAME_RULES.printable.message],
    ['only a zero-width space', '{"name":"\\u200b","categoryId":1}', PET_NAME_RULES.visible.message],
    ['only blanks and joiners', '{"name":" \\u200d\\u2060 ","categoryId":1}', PET_NAME_RULES.visible.message],
  ])('refuses a name with %s, storing nothing', async (_case, body, message) => {
    const refused = await expectError(await postText(body), 400, 'invalid_body');
    expect(refused.details).toEqual([{ path: 'name', message }]);
    expect(refused.message).toBe(`Invalid request body: ${message}`);
    expect(await countPets(api)).toBe(0);
  });

  it('stores and echoes a name of emoji and combining marks as sent', async () => {
    const name = '🐕 Zoe\u0301 👩‍👩‍👧';
    const response = await api.postJson('/v1/pets', { name, categoryId: 1 });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { name: string }).name).toBe(name);
  });
});

describe('errors quote a bounded piece of client input', () => {
  it('cuts a 5,000-character field name short in the error, everywhere it appears', async () => {
    const longKey = 'k'.repeat(5_000);
    const response = await postText(JSON.stringify({ name: 'Rex', categoryId: 1, [longKey]: 1 }));
    const text = await response.clone().text();
    const body = await expectError(response, 400, 'invalid_body');
    const clipped = `${'k'.repeat(MAX_ECHOED_CHARACTERS)}…`;
    expect(body.details).toEqual([{ path: clipped, message: `${clipped} is not a field of NewPet` }]);
    expect(text).not.toContain('k'.repeat(MAX_ECHOED_CHARACTERS + 1));
    expect(text.length).toBeLessThan(600);
  });

  it('answers a body with thousands of unknown fields briefly', async () => {
    const fields = Object.fromEntries(Array.from({ length: 5_000 }, (_, index) => [`field${index}`, index]));
    const response = await postText(JSON.stringify({ name: 'Rex', categoryId: 1, ...fields }));
    const text = await response.clone().text();
    const body = await expectError(response, 400, 'invalid_body');
    expect(body.details?.length).toBeGreaterThan(0);
    expect(body.details?.length).toBeLessThanOrEqual(MAX_ERROR_DETAILS);
    expect(text.length).toBeLessThan(2_000);
  });

  it('lists at most the first MAX_ERROR_DETAILS problems, whatever the schema', () => {
    const twenty = v.object(
      Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`field${index}`, v.string()])),
    );
    const thrown = (() => {
      try {
        parseOrThrow(twenty, {}, 'invalid_body', 'request body');
      } catch (error) {
        return error as ApiError;
      }
      throw new Error('parseOrThrow accepted an empty object');
    })();
    expect(thrown.options.details?.map((detail) => detail.path)).toEqual(
      Array.from({ length: MAX_ERROR_DETAILS }, (_, index) => `field${index}`),
    );
  });

  it('never splits a surrogate pair when it cuts', async () => {
    const longKey = '🐕'.repeat(100);
    const body = await expectError(
      await postText(JSON.stringify({ name: 'Rex', categoryId: 1, [longKey]: 1 })),
      400,
      'invalid_body',
    );
    expect(body.details?.[0]?.path).toBe(`${'🐕'.repeat(MAX_ECHOED_CHARACTERS)}…`);
  });

  it('keeps a field name of exactly the bound whole', async () => {
    const key = 'k'.repeat(MAX_ECHOED_CHARACTERS);
    const body = await expectError(
      await postText(JSON.stringify({ name: 'Rex', categoryId: 1, [key]: 1 })),
      400,
      'invalid_body',
    );
    expect(body.details?.[0]?.path).toBe(key);
  });
});
