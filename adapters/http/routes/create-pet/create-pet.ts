import { newPetOf } from '@petstore/core/pet.js';
import type { UseCases } from '@petstore/core/use-cases/use-cases.js';
import { newPetBody, PETS_PATH } from '../../schemas/pet.js';
import type { ApiOperation } from '../../routing/api-operation.js';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../../request/header-names.js';
import { parseOrThrow } from '../../errors/parse-or-throw.js';
import type { HeaderEntry } from '../../response/header-entry.js';
import { API_BASE_PATH } from '../../routing/api-paths.js';
import { createPetDocument } from './create-pet-document.js';

const PATH = `${API_BASE_PATH}${PETS_PATH}`;

/** A replay is sent exactly as the first request's response was, and says that it is one. */
const REPLAYED: readonly HeaderEntry[] = [[IDEMPOTENT_REPLAYED_HEADER, 'true']];

export interface CreatePetDependencies {
  readonly useCases: Pick<UseCases, 'createPet' | 'createPetOnce'>;
}

/** POST /v1/pets: adds a pet, once however often it is sent when it carries an Idempotency-Key. */
export const createPetOperation: ApiOperation<CreatePetDependencies> = {
  operationId: 'createPet',
  method: 'POST',
  path: PETS_PATH,
  takesBody: true,
  answer:
    ({ useCases: { createPet, createPetOnce } }) =>
    async (request) => {
      const body = parseOrThrow(newPetBody, await request.readJsonBody(), 'invalid_body', 'request body');
      const newPet = newPetOf(body);
      // An empty header is a key (an invalid one). Sent twice, hosts join the values with ", ", which no valid key
      // contains, so two keys are refused, never one of them guessed at.
      const key = request.header(IDEMPOTENCY_KEY_HEADER);
      const { pet, replayed } =
        key === undefined
          ? { pet: await createPet.execute(newPet), replayed: false }
          : await createPetOnce.execute(newPet, { client: request.client, key });
      const location: HeaderEntry = ['Location', `${PATH}/${pet.id}`];
      return { status: 201, body: pet, headers: replayed ? [...REPLAYED, location] : [location], replayed };
    },
  document: () => createPetDocument(PETS_PATH),
};
