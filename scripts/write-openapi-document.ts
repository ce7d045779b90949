/**
 * Writes the OpenAPI document the service serves with its default configuration to the file named on
 * the command line, for tools that read a file (Spectral, in `npm run lint:openapi`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { openApiDocument } from '../adapters/koa/http-app.js';
import { apiServers } from '../adapters/http/openapi/servers.js';

const [path] = process.argv.slice(2);
if (path === undefined) throw new Error('usage: write-openapi-document.ts <file>');
mkdirSync(dirname(path), { recursive: true });
writeFileSync(
  path,
  `${JSON.stringify(openApiDocument(apiServers({ publicBaseUrl: undefined, stagingBaseUrl: undefined })), null, 2)}\n`,
);
