import type { UseCases } from '@petstore/core/use-cases/use-cases.js';
import { buildOpenApiDocument, type OpenApiDocument, type ServerEntry } from '../openapi/document.js';
import { createPetOperation } from '../routes/create-pet/create-pet.js';
import { getPetOperation } from '../routes/get-pet/get-pet.js';
import { listPetsOperation } from '../routes/list-pets/list-pets.js';
import type { ApiOperation } from '../routing/api-operation.js';
import { answeredMethods } from '../routing/api-paths.js';

/** What the operations need to answer: the use cases, each operation calling those it names. */
export interface OperationDependencies {
  readonly useCases: UseCases;
}

/**
 * The API's operations, a folder each under routes/: adding one here mounts it in every host, documents
 * it, and adds its method to `Allow`, CORS and the parser's refusal, and its id to the metric labels.
 */
export const API_OPERATIONS = [
  listPetsOperation,
  createPetOperation,
  getPetOperation,
] as const satisfies readonly ApiOperation<OperationDependencies>[];

/** The operationIds requests are counted under; any other request is `other`. */
export const OPERATION_IDS: readonly string[] = API_OPERATIONS.map(({ operationId }) => operationId);

/** The methods the API's operations answer, HEAD with GET: what CORS allows. */
export const OPERATION_METHODS: readonly string[] = answeredMethods(API_OPERATIONS);

/** The methods the API answers: its operations', and OPTIONS, for a CORS preflight or a client asking. */
export const API_METHODS: readonly string[] = [...OPERATION_METHODS, 'OPTIONS'];

/** The OpenAPI document of the API's operations, served from these addresses; built without a server. */
export function openApiDocument(servers: readonly ServerEntry[]): OpenApiDocument {
  return buildOpenApiDocument({ servers, operations: API_OPERATIONS });
}
