export type { HeaderEntry } from '../routing/api-operation.js';

/** The type of every JSON body the API sends. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
