import type { UseCases } from '../../../../core/use-cases/use-cases.js';
import { PETS_PATH } from '../../schemas/pet.js';
import type { ApiOperation } from '../../routing/api-operation.js';
import { sendJson } from '../../response/json-response.js';
import { parseOrThrow } from '../../errors/parse-or-throw.js';
import { addResponseHeaders } from '../../response/response-headers.js';
import { API_BASE_PATH } from '../../routing/router.js';
import { listPetsDocument } from './list-pets-document.js';
import { listPetsQuery } from './list-pets-query.js';
import { nextPageLink } from './next-page-link.js';

/** GET /v1/pets: a page of pets, filtered by status, with a `Link` to the next page. */
export const listPetsOperation: ApiOperation<{ readonly useCases: Pick<UseCases, 'listPets'> }> = {
  operationId: 'listPets',
  method: 'GET',
  path: PETS_PATH,
  handlers: ({ useCases: { listPets } }) => [
    async (ctx) => {
      const query = parseOrThrow(listPetsQuery, ctx.query, 'invalid_query', 'query parameter');
      const page = await listPets.execute({ limit: query.limit, status: query.status, afterId: query.after });
      const link = nextPageLink(`${API_BASE_PATH}${PETS_PATH}`, page.next);
      if (link !== undefined) addResponseHeaders(ctx, ['Link', link]);
      sendJson(ctx, page.pets);
    },
  ],
  document: () => listPetsDocument(PETS_PATH),
};
