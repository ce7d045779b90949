import type { UseCases } from '@petstore/core/use-cases/use-cases.js';
import { PETS_PATH } from '../../schemas/pet.js';
import type { ApiOperation } from '../../routing/api-operation.js';
import { parseOrThrow } from '../../errors/parse-or-throw.js';
import { DEPRECATION_HEADERS } from './deprecation.js';
import { getPetDocument } from './get-pet-document.js';
import { petIdPath } from '../../schemas/pet-id-path.js';

/** GET /v1/pets/{petId} (deprecated): one pet by its id. */
export const getPetOperation: ApiOperation<{ readonly useCases: Pick<UseCases, 'getPet'> }> = {
  operationId: 'getPet',
  method: 'GET',
  path: `${PETS_PATH}/{petId}`,
  // Every response of the deprecated operation, errors included, so clients see it is going away.
  headers: DEPRECATION_HEADERS,
  answer:
    ({ useCases: { getPet } }) =>
    async ({ params }) => {
      const { petId } = parseOrThrow(petIdPath, params, 'invalid_path_parameter', 'path parameter');
      return { status: 200, body: await getPet.execute(petId) };
    },
  document: getPetDocument,
};
