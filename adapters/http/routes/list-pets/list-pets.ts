import type { UseCases } from '@petstore/core/use-cases/use-cases.js';
import { PETS_PATH } from '../../schemas/pet.js';
import type { ApiOperation } from '../../routing/api-operation.js';
import { parseOrThrow } from '../../errors/parse-or-throw.js';
import { API_BASE_PATH } from '../../routing/api-paths.js';
import { listPetsDocument } from './list-pets-document.js';
import { listPetsQuery } from './list-pets-query.js';
import { nextPageLink } from './next-page-link.js';

/** GET /v1/pets: a page of pets, filtered by status, with a `Link` to the next page. */
export const listPetsOperation: ApiOperation<{ readonly useCases: Pick<UseCases, 'listPets'> }> = {
  operationId: 'listPets',
  method: 'GET',
  path: PETS_PATH,
  answer:
    ({ useCases: { listPets } }) =>
    async ({ query: params }) => {
      const query = parseOrThrow(listPetsQuery, params, 'invalid_query', 'query parameter');
      const page = await listPets.execute({ limit: query.limit, status: query.status, afterId: query.after });
      const link = nextPageLink(`${API_BASE_PATH}${PETS_PATH}`, page.next);
      return { status: 200, body: page.pets, headers: link === undefined ? [] : [['Link', link]] };
    },
  document: () => listPetsDocument(PETS_PATH),
};
