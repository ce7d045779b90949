import { buildOpenApiDocument, type OpenApiDocument, type ServerEntry } from '../openapi/document.js';
import { answeredMethods } from '../routing/api-paths.js';
import { API_OPERATIONS } from './api-operations.js';

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
