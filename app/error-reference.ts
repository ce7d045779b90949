import { ERRORS } from '../adapters/http/wire/error-codes.js';

/** The reference's table of error codes: a row for each code of the HTTP adapter's one table, in its order. */
export function errorTable(): string {
  const rows = Object.entries(ERRORS).map(
    ([code, { status, meaning }]) => `| \`${code}\` | ${String(status)} | ${meaning.replaceAll('|', '\\|')} |`,
  );
  return ['| code | status | when |', '| --- | --- | --- |', ...rows].join('\n');
}
