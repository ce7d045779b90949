import type Router from '@koa/router';
import type { CreatePet } from '../../core/use-cases/create-pet.js';
import type { GetPet } from '../../core/use-cases/get-pet.js';
import type { ListPets } from '../../core/use-cases/list-pets.js';
import { API_BASE_PATH } from './api-paths.js';
import { deprecated } from './deprecation.js';
import { jsonBody } from './json-body.js';
import { nextPageLink } from './pagination.js';
import { listPetsQuery, newPetBody, parseOrThrow, petIdPath, toNewPet } from './schemas.js';

const PETS_PATH = `${API_BASE_PATH}/pets`;

export interface PetUseCases {
  readonly listPets: ListPets;
  readonly createPet: CreatePet;
  readonly getPet: GetPet;
}

export function addPetRoutes(router: Router, { listPets, createPet, getPet }: PetUseCases, options: { bodyLimitBytes: number }): void {
  router.get(PETS_PATH, async (ctx) => {
    const query = parseOrThrow(listPetsQuery, ctx.query, 'invalid_query', 'query parameter');
    const page = await listPets.execute({ limit: query.limit, status: query.status, afterId: query.after });
    const link = nextPageLink(PETS_PATH, query, page);
    if (link !== undefined) ctx.set('Link', link);
    ctx.body = page.pets;
  });

  router.post(PETS_PATH, jsonBody({ limitBytes: options.bodyLimitBytes }), async (ctx) => {
    const body = parseOrThrow(newPetBody, ctx.request.body, 'invalid_body', 'request body');
    const pet = await createPet.execute(toNewPet(body));
    ctx.status = 201;
    ctx.set('Location', `${PETS_PATH}/${pet.id}`);
    ctx.body = pet;
  });

  router.get(`${PETS_PATH}/:petId`, deprecated(), async (ctx) => {
    const { petId } = parseOrThrow(petIdPath, ctx.params, 'invalid_path_parameter', 'path parameter');
    ctx.body = await getPet.execute(petId);
  });
}
