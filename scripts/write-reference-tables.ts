// `npm run docs:reference`: rewrites the tables of docs/reference.md, the settings from the
// configuration schema and the error codes from the HTTP adapter's table.
import { readFileSync, writeFileSync } from 'node:fs';
import { errorTable, settingsTable } from './reference-tables.js';

const REFERENCE = new URL('../docs/reference.md', import.meta.url);
let text = readFileSync(REFERENCE, 'utf8');
for (const [name, table] of [
  ['settings', settingsTable()],
  ['errors', errorTable()],
] as const) {
  const marked = new RegExp(`(<!-- ${name}:start -->\\n)[\\s\\S]*?(<!-- ${name}:end -->)`);
  if (!marked.test(text))
    throw new Error(`docs/reference.md has no <!-- ${name}:start --> ... <!-- ${name}:end --> markers`);
  text = text.replace(marked, (_, start: string, end: string) => `${start}${table}\n${end}`);
}
writeFileSync(REFERENCE, text);
