import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type Router from '@koa/router';
import { send } from '@koa/send';
import { sendJson } from '../../response/json-response.js';
import { API_BASE_PATH, OPENAPI_PATH } from '@petstore/http/routing/api-paths.js';
import { docsPageSecurityHeaders } from './docs-page-headers.js';

export { OPENAPI_PATH } from '@petstore/http/routing/api-paths.js';
export const DOCS_PATH = '/docs';
const ASSETS_PATH = `${DOCS_PATH}/assets`;

/** Swagger UI's files, served from the npm package: no CDN, so the page works behind any firewall. */
const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const SWAGGER_UI_FILES: ReadonlySet<string | undefined> = new Set([
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'favicon-32x32.png',
]);
/** Takes the router's :file as it is typed (it is always filled on its route). */
const isSwaggerUiFile = (file: string | undefined): file is string => SWAGGER_UI_FILES.has(file);

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Pet store API reference</title>
  <link rel="stylesheet" href="${ASSETS_PATH}/swagger-ui.css">
  <link rel="icon" type="image/png" href="${ASSETS_PATH}/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${ASSETS_PATH}/swagger-ui-bundle.js"></script>
  <script src="${ASSETS_PATH}/start-docs.js"></script>
</body>
</html>
`;

// A file of its own rather than an inline script, so the page's CSP can forbid inline scripts.
const START_DOCS_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '${OPENAPI_PATH}',
  dom_id: '#swagger-ui',
  deepLinking: true,
  displayOperationId: true,
  // The default would send the document to validator.swagger.io.
  validatorUrl: null,
});
`;

/** What `GET /` responds with: where the API, its reference page and its document are, for whoever starts there. */
const SERVICE_INDEX = {
  name: 'Pet store API',
  api: API_BASE_PATH,
  docs: DOCS_PATH,
  openapi: OPENAPI_PATH,
} as const;

/**
 * The OpenAPI document, a reference page rendered from it, and an index at `/`; outside /v1 and
 * without a key. The page and its files are not JSON: Koa's writer (and @koa/send's, for files on
 * disk, streamed with their type and length) writes them.
 */
export function addDocsRoutes(
  router: Router,
  openApiDocument: object,
  { apiOrigins }: { apiOrigins: readonly string[] },
): void {
  const pageHeaders = docsPageSecurityHeaders({ apiOrigins });
  // Serialised once: the document is fixed for the life of the process.
  const openApiJson = JSON.stringify(openApiDocument);

  router.get('/', (ctx) => {
    sendJson(ctx, SERVICE_INDEX);
  });

  // Koa's writer: the document is JSON made once, at start, and sent as the same string every time.
  router.get(OPENAPI_PATH, (ctx) => {
    ctx.type = 'application/json';
    ctx.body = openApiJson;
  });

  router.get(DOCS_PATH, pageHeaders, (ctx) => {
    // A string body that starts with '<' is served as text/html; charset=utf-8 (Koa's documented default).
    ctx.body = DOCS_PAGE;
  });

  router.get(`${ASSETS_PATH}/start-docs.js`, pageHeaders, (ctx) => {
    ctx.type = 'text/javascript';
    ctx.body = START_DOCS_SCRIPT;
  });

  router.get(`${ASSETS_PATH}/:file`, pageHeaders, async (ctx) => {
    const { file } = ctx.params;
    // Unknown names fall through to the API's 404; nothing outside this list is ever read.
    if (!isSwaggerUiFile(file)) return;
    // Not fingerprinted, so cached for an hour rather than for ever.
    ctx.set('Cache-Control', 'public, max-age=3600');
    await send(ctx, file, { root: SWAGGER_UI_DIR });
  });
}
