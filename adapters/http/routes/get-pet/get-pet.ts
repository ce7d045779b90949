import type { GetPet } from '../../../../core/use-cases/get-pet.js';
import { PETS_PATH } from '../../schemas/pet.js';
import type { ApiOperation } from '../../wire/api-operation.js';
import { sendJson } from '../../wire/json-response.js';
import { parseOrThrow } from '../../wire/parse-or-throw.js';
import { API_BASE_PATH } from '../../wire/router.js';
import { deprecated } from './deprecation.js';
import { getPetDocument } from './get-pet-document.js';
import { petIdPath } from './pet-id-path.js';

const OPERATION_ID = 'getPet';

/** GET /v1/pets/{petId} (deprecated): one pet by its id. */
export const getPetOperation: ApiOperation<{ readonly getPet: GetPet }> = {
  operationId: OPERATION_ID,
  mount(router, { getPet }) {
    router.get(OPERATION_ID, `${API_BASE_PATH}${PETS_PATH}/:petId`, deprecated(), async (ctx) => {
      const { petId } = parseOrThrow(petIdPath, ctx.params, 'invalid_path_parameter', 'path parameter');
      sendJson(ctx, await getPet.execute(petId));
    });
  },
  document: () => getPetDocument(`${PETS_PATH}/{petId}`),
};
