import { ORIGIN, ORIGIN_MAX_LENGTH } from '@petstore/settings/setting-kinds.js';

export const CORS_ALLOW_ORIGIN_HEADER = 'Access-Control-Allow-Origin';
export const CORS_EXPOSE_HEADERS_HEADER = 'Access-Control-Expose-Headers';

/**
 * The CORS headers of a response to a script of a listed origin (`CORS_ORIGINS`). A script may read
 * every header the document names, these two included, listed in the document's order.
 */
export function corsResponseHeaders(documentedHeaders: readonly string[]): Record<string, object> {
  const exposed = [...documentedHeaders, CORS_ALLOW_ORIGIN_HEADER, CORS_EXPOSE_HEADERS_HEADER];
  return {
    [CORS_ALLOW_ORIGIN_HEADER]: {
      description:
        "The request's `Origin`, when it is one of the origins the service lets call it; absent for any other " +
        'origin, and when it lets none (CORS off).',
      schema: {
        type: 'string',
        maxLength: ORIGIN_MAX_LENGTH,
        pattern: ORIGIN.source,
        examples: ['https://shop.example.com'],
      },
    },
    [CORS_EXPOSE_HEADERS_HEADER]: {
      description: 'The headers a script may read, with `Access-Control-Allow-Origin`.',
      schema: { type: 'string', const: exposed.join(',') },
    },
  };
}
