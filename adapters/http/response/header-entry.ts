/** A response header as a list holds it, in the order it is sent: what Node's `writeHead` and `Headers` both take. */
export type HeaderEntry = [name: string, value: string];

/** The type of every JSON body the API sends. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
