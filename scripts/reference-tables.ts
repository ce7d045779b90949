// The tables of docs/reference.md, written from the code that holds their rows: the settings from the
// configuration schema, the error codes from the HTTP adapter's one table.
import { ERRORS } from '../adapters/http/wire/error-codes.js';
import { settingRows } from '../app/settings-help.js';

/** A Markdown table of these headings and rows; a pipe inside a cell is escaped, so the table keeps its columns. */
export function markdownTable(headings: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(headings), line(headings.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The reference's table of error codes: a row for each code of the HTTP adapter's one table, in its order. */
export function errorTable(): string {
  return markdownTable(
    ['code', 'status', 'when'],
    Object.entries(ERRORS).map(([code, { status, meaning }]) => [`\`${code}\``, String(status), meaning]),
  );
}

/** The reference's table of settings, in the order `petstore serve --help` lists them. */
export function settingsTable(): string {
  const rows = settingRows().map(({ name, fallback, whenUnset, meaning }) => {
    const unset = whenUnset === undefined ? '(none)' : `(none: ${whenUnset})`;
    return [`\`${name}\``, fallback === undefined ? unset : `\`${fallback}\``, meaning];
  });
  return markdownTable(['Variable', 'Default', 'Meaning'], rows);
}
