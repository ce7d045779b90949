import { parseOrThrow } from '../../adapters/http/errors/parse-or-throw.js';
import { everyResponseHeaders } from '../../adapters/http/openapi/common-headers.js';
import { errorResponses, EVERY_OPERATION_ERRORS } from '../../adapters/http/openapi/error-responses.js';
import { parametersOf } from '../../adapters/http/openapi/json-schemas.js';
import type { ApiOperation } from '../../adapters/http/routing/api-operation.js';
import { petIdPath } from '../../adapters/http/schemas/pet-id-path.js';
import { PETS_PATH } from '../../adapters/http/schemas/pet.js';
import { withOperationsAdded, type LoadedWithOperations } from './operations-added.js';

/**
 * A test's operation whose success has no body, written as a route folder writes one: DELETE
 * /v1/pets/{petId}/flag answers 204 for any pet id, whether a pet has it or not (pets keep no flag: it
 * changes nothing). A path of its own, and asking nothing of the store, so that an operation the API
 * adds (a DELETE of a pet, say, run before it) changes nothing it answers.
 */
export const unflagPetOperation: ApiOperation<object> = {
  operationId: 'unflagPet',
  method: 'DELETE',
  path: `${PETS_PATH}/{petId}/flag`,
  answer:
    () =>
    ({ params }) => {
      parseOrThrow(petIdPath, params, 'invalid_path_parameter', 'path parameter');
      return Promise.resolve({ status: 204 });
    },
  document: () => ({
    operation: {
      tags: ['pets'],
      summary: "Clear a pet's flag",
      parameters: parametersOf(petIdPath, 'path'),
      responses: {
        // No `content`: the success has no body.
        204: { description: 'The flag is cleared.', headers: everyResponseHeaders() },
        ...errorResponses(['invalid_path_parameter', ...EVERY_OPERATION_ERRORS], everyResponseHeaders),
      },
    },
  }),
};

/** The operation as a client knows it, as test/support/api-surface.ts lists the API's. */
export const UNFLAG_PET = {
  operationId: unflagPetOperation.operationId,
  method: unflagPetOperation.method,
  path: unflagPetOperation.path,
};

/** Modules of the service loaded afresh with `unflagPet` added to the API's operations (see withOperationsAdded). */
export function withUnflagPet<Module>(load: () => Promise<Module>): Promise<LoadedWithOperations<Module>> {
  return withOperationsAdded(async () => {
    // This module again, as the fresh modules load it: its errors are theirs, which the contract knows.
    const { unflagPetOperation: operation } = await import('./no-content-operation.js');
    return [operation];
  }, load);
}
