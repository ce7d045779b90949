/**
 * Writes the TypeScript types of the API, generated from the OpenAPI document the service serves
 * with its default configuration, by openapi-typescript; openapi-fetch turns them into a typed client.
 * A test regenerates them from the live document and fails if this committed copy has drifted.
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';
import { openApiDocument } from '../adapters/koa/http-app.js';
import { apiServers } from '../adapters/http/openapi/servers.js';

export const CLIENT_TYPES_PATH = 'clients/typescript/petstore-api.ts';

export async function clientTypesFor(document: object): Promise<string> {
  return COMMENT_HEADER + astToString(await openapiTS(document as OpenAPI3));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const document = openApiDocument(apiServers({ publicBaseUrl: undefined, stagingBaseUrl: undefined }));
  writeFileSync(CLIENT_TYPES_PATH, await clientTypesFor(document));
  process.stdout.write(`wrote ${CLIENT_TYPES_PATH}\n`);
}
