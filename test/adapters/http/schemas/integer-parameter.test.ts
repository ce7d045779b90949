import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { InMemoryPetRepository } from '../../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { PET_ID_MAX, type Pet } from '../../../../core/pet.js';
import { expectError, startTestApi, type TestApi } from '../../../support/api-harness.js';

const LAST: Pet = { id: PET_ID_MAX, name: 'Last', categoryId: 1 };
const BEFORE_LAST: Pet = { id: PET_ID_MAX - 1, name: 'Before last', categoryId: 1 };

/** Decimal digits as a URL carries them, up to twice as many as the largest pet id has. */
const digitsBeyondSafe = fc.bigInt({ min: BigInt(PET_ID_MAX) + 1n, max: 10n ** 32n }).map((value) => value.toString());

describe('integers in a path or a query are read from their digits, never rounded', () => {
  let api: TestApi | undefined;
  afterEach(async () => {
    await api?.close();
  });

  async function apiHolding(...pets: Pet[]): Promise<TestApi> {
    const repository = new InMemoryPetRepository();
    await repository.restore(pets);
    api = await startTestApi({ repository });
    return api;
  }

  it('finds the pet with the largest id by its digits, and refuses the next digits rather than round them to it', async () => {
    const running = await apiHolding(BEFORE_LAST, LAST);
    expect(await (await running.request(`/v1/pets/${PET_ID_MAX}`)).json()).toEqual(LAST);
    expect(await (await running.request(`/v1/pets?after=${PET_ID_MAX - 1}`)).json()).toEqual([LAST]);
    // 2^53 + 1 is what a double rounds to 2^53; neither is an id.
    for (const petId of ['9007199254740992', '9007199254740993'])
      expect(
        (await expectError(await running.request(`/v1/pets/${petId}`), 400, 'invalid_path_parameter')).message,
      ).toBe(`Invalid path parameter: petId must be an integer from 0 to ${PET_ID_MAX}`);
  });

  it('refuses, with 400, any digits beyond the largest id, as petId or after (property, over a real socket)', async () => {
    const running = await apiHolding(LAST);
    await fc.assert(
      fc.asyncProperty(digitsBeyondSafe, fc.boolean(), async (digits, asPetId) => {
        const response = await running.request(asPetId ? `/v1/pets/${digits}` : `/v1/pets?after=${digits}`);
        await expectError(response, 400, asPetId ? 'invalid_path_parameter' : 'invalid_query');
      }),
      // A request a run: the digits beyond 2^53-1 that a double would round to it or to 2^53 are the ones that matter,
      // and the rule is one comparison of the parsed value with the largest id.
      { seed: 20261127, numRuns: 100 },
    );
  });

  it('takes limit only as plain digits: 10.0, 1e1, +10, 010 and 0x0a are refused, not read as 10', async () => {
    const running = await apiHolding(LAST);
    expect((await running.request('/v1/pets?limit=10')).status).toBe(200);
    for (const limit of ['10.0', '1e1', '%2B10', '010', '0x0a', '10.000000000000001', '9.9999999999999999'])
      expect((await expectError(await running.request(`/v1/pets?limit=${limit}`), 400, 'invalid_query')).message).toBe(
        'Invalid query parameter: limit must be written in decimal digits, without sign, fraction or leading zeros',
      );
  });
});
