import type { ListPets } from '../../../../core/use-cases/list-pets.js';
import { PETS_PATH } from '../../schemas/pet.js';
import type { ApiOperation } from '../../wire/api-operation.js';
import { sendJson } from '../../wire/json-response.js';
import { parseOrThrow } from '../../wire/parse-or-throw.js';
import { addResponseHeaders } from '../../wire/response-headers.js';
import { API_BASE_PATH } from '../../wire/router.js';
import { listPetsDocument } from './list-pets-document.js';
import { listPetsQuery } from './list-pets-query.js';
import { nextPageLink } from './next-page-link.js';

const OPERATION_ID = 'listPets';
const PATH = `${API_BASE_PATH}${PETS_PATH}`;

/** GET /v1/pets: a page of pets, filtered by status, with a `Link` to the next page. */
export const listPetsOperation: ApiOperation<{ readonly listPets: ListPets }> = {
  operationId: OPERATION_ID,
  mount(router, { listPets }) {
    router.get(OPERATION_ID, PATH, async (ctx) => {
      const query = parseOrThrow(listPetsQuery, ctx.query, 'invalid_query', 'query parameter');
      const page = await listPets.execute({ limit: query.limit, status: query.status, afterId: query.after });
      const link = nextPageLink(PATH, page.next);
      if (link !== undefined) addResponseHeaders(ctx, ['Link', link]);
      sendJson(ctx, page.pets);
    });
  },
  document: () => listPetsDocument(PETS_PATH),
};
