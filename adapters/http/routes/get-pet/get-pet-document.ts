import { everyResponseHeaders, headerRef } from '../../openapi/common-headers.js';
import { errorResponses, EVERY_OPERATION_ERRORS } from '../../openapi/error-responses.js';
import { jsonContent, parametersOf } from '../../openapi/json-schemas.js';
import { petSchema } from '../../schemas/pet.js';
import type { OperationDocument } from '../../routing/api-operation.js';
import { GET_PET_DEPRECATION, GET_PET_SUNSET } from './deprecation.js';
import { petIdPath } from '../../schemas/pet-id-path.js';

/** Statuses only the operation itself responds with; `invalid_path_parameter` shares 400 with `bad_request`. */
const SENT_BY_GET_PET_ONLY: readonly number[] = [200, 404];
const DEPRECATION_HEADERS = { Sunset: headerRef('Sunset'), Deprecation: headerRef('Deprecation') };

export function getPetDocument(): OperationDocument {
  // Protocol checks and auth run before routing: their responses cannot say which operation was asked for.
  const headers = (status: number) =>
    SENT_BY_GET_PET_ONLY.includes(status)
      ? { ...everyResponseHeaders(), ...DEPRECATION_HEADERS }
      : everyResponseHeaders();
  return {
    operation: {
      tags: ['pets'],
      summary: 'Get a pet (deprecated)',
      description:
        `Deprecated: removed on ${GET_PET_SUNSET} (the \`Sunset\` header). ` + 'Use `GET /pets?status=...` instead.',
      deprecated: true,
      parameters: parametersOf(petIdPath, 'path'),
      responses: {
        200: { description: 'The pet.', headers: headers(200), content: jsonContent(petSchema) },
        ...errorResponses(['invalid_path_parameter', 'not_found', ...EVERY_OPERATION_ERRORS], headers),
      },
    },
    headers: {
      Sunset: {
        description: 'RFC 8594: the date the operation is removed.',
        required: true,
        schema: { type: 'string', const: GET_PET_SUNSET },
      },
      Deprecation: {
        description: 'RFC 9745: deprecated since this moment (a Unix time).',
        required: true,
        schema: { type: 'string', const: GET_PET_DEPRECATION },
      },
    },
  };
}
