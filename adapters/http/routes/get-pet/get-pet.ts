import type { UseCases } from '../../../../core/use-cases/use-cases.js';
import { PETS_PATH } from '../../schemas/pet.js';
import type { ApiOperation } from '../../routing/api-operation.js';
import { sendJson } from '../../response/json-response.js';
import { parseOrThrow } from '../../errors/parse-or-throw.js';
import { deprecated } from './deprecation.js';
import { getPetDocument } from './get-pet-document.js';
import { petIdPath } from '../../schemas/pet-id-path.js';

/** GET /v1/pets/{petId} (deprecated): one pet by its id. */
export const getPetOperation: ApiOperation<{ readonly useCases: Pick<UseCases, 'getPet'> }> = {
  operationId: 'getPet',
  method: 'GET',
  path: `${PETS_PATH}/{petId}`,
  handlers: ({ useCases: { getPet } }) => [
    deprecated(),
    async (ctx) => {
      const { petId } = parseOrThrow(petIdPath, ctx.params, 'invalid_path_parameter', 'path parameter');
      sendJson(ctx, await getPet.execute(petId));
    },
  ],
  document: getPetDocument,
};
