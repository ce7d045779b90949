import type { UseCases } from '@petstore/core/use-cases/use-cases.js';
import { createPetOperation } from '../routes/create-pet/create-pet.js';
import { getPetOperation } from '../routes/get-pet/get-pet.js';
import { listPetsOperation } from '../routes/list-pets/list-pets.js';
import type { ApiOperation } from '../routing/api-operation.js';

/** What the operations need to answer: the use cases, each operation calling those it names. */
export interface OperationDependencies {
  readonly useCases: UseCases;
}

/**
 * The API's operations, a folder each under routes/: adding one here mounts it in every host, documents
 * it, and adds its method to `Allow`, CORS and the parser's refusal, and its id to the metric labels
 * (api-surface.ts). The list is alone in its module, so that a test can stand another list in for it.
 */
export const API_OPERATIONS = [
  listPetsOperation,
  createPetOperation,
  getPetOperation,
] as const satisfies readonly ApiOperation<OperationDependencies>[];
