import type Router from '@koa/router';
import type { Context } from 'koa';
import { newPetOf, type NewPet } from '../../../core/pet.js';
import type { CreatePet } from '../../../core/use-cases/create-pet.js';
import type { CreatedPet, CreatePetOnce } from '../../../core/use-cases/create-pet-once.js';
import type { GetPet } from '../../../core/use-cases/get-pet.js';
import type { ListPets } from '../../../core/use-cases/list-pets.js';
import { API_BASE_PATH } from '../router.js';
import { authenticatedClient } from '../middleware/api-key.js';
import { deprecated } from '../middleware/deprecation.js';
import { idempotencyKeyOf, IDEMPOTENT_REPLAYED_HEADER } from './idempotency-header.js';
import { jsonBody } from '../body/json-body.js';
import { answerJson } from '../response/json-answer.js';
import { holdHeaders } from '../response/answer-headers.js';
import type { OperationId } from '../operations.js';
import { nextPageLink } from './pagination.js';
import { listPetsQuery, newPetBody, parseOrThrow, petIdPath } from './pet-schemas.js';

const PETS_PATH = `${API_BASE_PATH}/pets`;
/** A route's name is its operationId, which the metrics count it under. */
const operation = (id: OperationId): string => id;

export interface PetUseCases {
  readonly listPets: ListPets;
  readonly createPet: CreatePet;
  readonly createPetOnce: CreatePetOnce;
  readonly getPet: GetPet;
}

export function addPetRoutes(router: Router, useCases: PetUseCases, options: { bodyLimitBytes: number }): void {
  const { listPets, getPet } = useCases;
  router.get(operation('listPets'), PETS_PATH, async (ctx) => {
    const query = parseOrThrow(listPetsQuery, ctx.query, 'invalid_query', 'query parameter');
    const page = await listPets.execute({ limit: query.limit, status: query.status, afterId: query.after });
    const link = nextPageLink(PETS_PATH, page.next);
    if (link !== undefined) holdHeaders(ctx, ['Link', link]);
    answerJson(ctx, page.pets);
  });

  router.post(operation('createPet'), PETS_PATH, jsonBody({ limitBytes: options.bodyLimitBytes }), async (ctx) => {
    const body = parseOrThrow(newPetBody, ctx.request.body, 'invalid_body', 'request body');
    const { pet, replayed } = await create(ctx, newPetOf(body), useCases);
    // A replay answers exactly as the first request was answered, and says that it is one.
    if (replayed) holdHeaders(ctx, [IDEMPOTENT_REPLAYED_HEADER, 'true']);
    holdHeaders(ctx, ['Location', `${PETS_PATH}/${pet.id}`]);
    answerJson(ctx, pet, 201);
  });

  router.get(operation('getPet'), `${PETS_PATH}/:petId`, deprecated(), async (ctx) => {
    const { petId } = parseOrThrow(petIdPath, ctx.params, 'invalid_path_parameter', 'path parameter');
    answerJson(ctx, await getPet.execute(petId));
  });
}

/** With an Idempotency-Key, the create happens once however often it is sent. */
async function create(ctx: Context, newPet: NewPet, { createPet, createPetOnce }: PetUseCases): Promise<CreatedPet> {
  const key = idempotencyKeyOf(ctx);
  if (key === undefined) return { pet: await createPet.execute(newPet), replayed: false };
  return createPetOnce.execute(newPet, { client: authenticatedClient(ctx), key });
}
