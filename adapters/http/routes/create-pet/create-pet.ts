import type { Context } from 'koa';
import { newPetOf, type NewPet } from '../../../../core/pet.js';
import type { CreatedPet } from '../../../../core/use-cases/create-pet-once.js';
import type { UseCases } from '../../../../core/use-cases/use-cases.js';
import { jsonBody } from '../../body/json-body.js';
import { authenticatedClient } from '../../middleware/api-key.js';
import { newPetBody, PETS_PATH } from '../../schemas/pet.js';
import type { ApiOperation } from '../../routing/api-operation.js';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../request/header-names.js';
import { markReplayed } from '../../request/replay-state.js';
import { sendJson } from '../../response/json-response.js';
import { parseOrThrow } from '../../errors/parse-or-throw.js';
import { addResponseHeaders } from '../../response/response-headers.js';
import { API_BASE_PATH } from '../../routing/router.js';
import { createPetDocument } from './create-pet-document.js';
import { idempotencyKeyOf } from './idempotency-key.js';

const PATH = `${API_BASE_PATH}${PETS_PATH}`;

export interface CreatePetDependencies {
  readonly useCases: Pick<UseCases, 'createPet' | 'createPetOnce'>;
  /** Largest accepted request body, in bytes. */
  readonly bodyLimitBytes: number;
}

/** POST /v1/pets: adds a pet, once however often it is sent when it carries an Idempotency-Key. */
export const createPetOperation: ApiOperation<CreatePetDependencies> = {
  operationId: 'createPet',
  method: 'POST',
  path: PETS_PATH,
  handlers: ({ useCases, bodyLimitBytes }) => [
    jsonBody({ limitBytes: bodyLimitBytes }),
    async (ctx) => {
      const body = parseOrThrow(newPetBody, ctx.request.body, 'invalid_body', 'request body');
      const { pet, replayed } = await create(ctx, newPetOf(body), useCases);
      // A replay is sent exactly as the first request's response was, and says that it is one.
      if (replayed) {
        markReplayed(ctx);
        addResponseHeaders(ctx, [IDEMPOTENT_REPLAYED_HEADER, 'true']);
      }
      addResponseHeaders(ctx, ['Location', `${PATH}/${pet.id}`]);
      sendJson(ctx, pet, 201);
    },
  ],
  document: () => createPetDocument(PETS_PATH),
};

/** With an Idempotency-Key, the create happens once however often it is sent. */
async function create(
  ctx: Context,
  newPet: NewPet,
  { createPet, createPetOnce }: CreatePetDependencies['useCases'],
): Promise<CreatedPet> {
  const key = idempotencyKeyOf(ctx);
  if (key === undefined) return { pet: await createPet.execute(newPet), replayed: false };
  return createPetOnce.execute(newPet, { client: authenticatedClient(ctx), key });
}
