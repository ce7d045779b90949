import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CATEGORY_ID_MAX, CATEGORY_ID_MIN, type Pet } from '../../../../../core/pet.js';
import { countPets, expectError, startTestApi, type TestApi } from '../../../../support/api-harness.js';
import { integerSpelling, nonIntegerSpelling, ROUNDED_NON_INTEGERS } from '../../../../support/number-spellings.js';

const CATEGORY_IDS = { min: CATEGORY_ID_MIN, max: CATEGORY_ID_MAX };
const NOT_AN_INTEGER = 'Invalid request body: categoryId must be an integer';
const OUT_OF_RANGE =
  'Invalid request body: categoryId must be an integer from -9007199254740991 to 9007199254740991; larger values cannot be represented exactly and are not rounded';

describe('createPet reads categoryId from the text of the number, never from a rounded double', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  beforeEach(() => api.reset());
  afterAll(() => api.close());

  const post = (categoryId: string) =>
    api.request('/v1/pets', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"name":"Rex","categoryId":${categoryId}}`,
    });

  /** The error a create answers, having stored nothing. */
  async function refusal(categoryId: string) {
    const body = await expectError(await post(categoryId), 400, 'invalid_body');
    expect(await countPets(api)).toBe(0);
    return { message: body.message, details: body.details };
  }

  it.each(ROUNDED_NON_INTEGERS)('refuses %s, which a double rounds to an integer, naming categoryId', async (text) => {
    expect(await refusal(text)).toEqual({
      message: NOT_AN_INTEGER,
      details: [{ path: 'categoryId', message: 'categoryId must be an integer' }],
    });
  });

  it('refuses integers beyond the safe ones as out of range, however written, never rounded into it', async () => {
    for (const text of [
      '9007199254740992',
      '9007199254740993',
      '-9007199254740993',
      '1e400',
      '-1e400',
      '9.007199254740993e15',
    ])
      expect((await refusal(text)).message).toBe(OUT_OF_RANGE);
  });

  it('takes 3.0, 1e2, 30e-1 and -0 as the integers they denote', async () => {
    for (const [text, value] of [
      ['3.0', 3],
      ['1e2', 100],
      ['30e-1', 3],
      ['0.3E+1', 3],
      ['-0', 0],
      ['9007199254740991.000', CATEGORY_ID_MAX],
      ['-9.007199254740991e15', CATEGORY_ID_MIN],
    ] as const) {
      const response = await post(text);
      expect(response.status).toBe(201);
      expect(await response.text()).toMatch(new RegExp(`"categoryId":${String(value)}[,}]`));
    }
  });

  it('stores exactly the integer any spelling of it denotes (property, over a real socket)', async () => {
    await fc.assert(
      fc.asyncProperty(integerSpelling(CATEGORY_IDS), async ({ text, value }) => {
        const response = await post(text);
        expect(response.status).toBe(201);
        expect(((await response.json()) as Pet).categoryId).toBe(value);
      }),
      // A request a run; the spellings' forms are few (five, each with a sign and an exponent's case), and the
      // pure property over the same spellings runs many more in test/core/json-numbers.test.ts.
      { seed: 20261127, numRuns: 150 },
    );
  });

  it('refuses any spelling of a number that is no integer, naming categoryId (property, over a real socket)', async () => {
    await fc.assert(
      fc.asyncProperty(nonIntegerSpelling(CATEGORY_IDS), async ({ text }) => {
        expect((await refusal(text)).message).toBe(NOT_AN_INTEGER);
      }),
      // As above: five forms, a request a run.
      { seed: 20261127, numRuns: 150 },
    );
  });
});
