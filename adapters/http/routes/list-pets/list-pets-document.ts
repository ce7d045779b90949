import { AFTER_ID_MAX, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '@petstore/core/paging.js';
import { PET_STATUSES } from '@petstore/core/pet.js';
import { everyResponseHeaders, headerRef } from '../../openapi/common-headers.js';
import { errorResponses, EVERY_OPERATION_ERRORS } from '../../openapi/error-responses.js';
import { jsonContent, parametersOf } from '../../openapi/json-schemas.js';
import { EXAMPLE_PET, petsSchema } from '../../schemas/pet.js';
import type { OperationDocument } from '../../routing/api-operation.js';
import { API_BASE_PATH } from '../../routing/api-paths.js';
import { listPetsQuery } from './list-pets-query.js';
import { nextPageLink } from './next-page-link.js';

/** The length of the longest link nextPageLink writes: the largest limit and cursor, with any status. */
const longestLinkLength = (path: string) =>
  Math.max(
    ...PET_STATUSES.map(
      (status) =>
        nextPageLink(`${API_BASE_PATH}${path}`, { limit: PAGE_LIMIT_MAX, status, afterId: AFTER_ID_MAX }).length,
    ),
  );

export function listPetsDocument(path: string): OperationDocument {
  return {
    operation: {
      tags: ['pets'],
      summary: 'List pets',
      description:
        `Pets in ascending id order, at most \`limit\` (up to ${PAGE_LIMIT_MAX}) a page. When more match, ` +
        '`Link: <...>; rel="next"` gives the next page, keeping `limit` and `status`; the last page has none.',
      parameters: parametersOf(listPetsQuery, 'query'),
      responses: {
        200: {
          description: 'A page of pets.',
          headers: { ...everyResponseHeaders(), Link: headerRef('Link') },
          content: jsonContent(petsSchema),
        },
        ...errorResponses(['invalid_query', ...EVERY_OPERATION_ERRORS], everyResponseHeaders),
      },
    },
    headers: {
      Link: {
        description: 'RFC 8288 link to the next page (`rel="next"`); absent on the last page.',
        schema: {
          type: 'string',
          maxLength: longestLinkLength(path),
          pattern: '^<[^>]+>; rel="next"$',
          // A full first page of the example pet's status, read on from its last pet.
          examples: [
            nextPageLink(`${API_BASE_PATH}${path}`, {
              limit: PAGE_LIMIT_DEFAULT,
              status: EXAMPLE_PET.status,
              afterId: PAGE_LIMIT_DEFAULT,
            }),
          ],
        },
      },
    },
  };
}
