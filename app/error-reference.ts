import { ERRORS } from '../adapters/http/wire/error-codes.js';
import { markdownTable } from './markdown-table.js';

/** The reference's table of error codes: a row for each code of the HTTP adapter's one table, in its order. */
export function errorTable(): string {
  return markdownTable(
    ['code', 'status', 'when'],
    Object.entries(ERRORS).map(([code, { status, meaning }]) => [`\`${code}\``, String(status), meaning]),
  );
}
