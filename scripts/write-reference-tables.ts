// `npm run docs:settings`: rewrites the README's configuration table from the configuration schema.
import { readFileSync, writeFileSync } from 'node:fs';
import { settingsTable } from '../app/settings-help.js';

const README = new URL('../README.md', import.meta.url);
const text = readFileSync(README, 'utf8');
const marked = /(<!-- settings:start -->\n)[\s\S]*?(<!-- settings:end -->)/;
if (!marked.test(text)) throw new Error('README.md has no <!-- settings:start --> ... <!-- settings:end --> markers');
writeFileSync(
  README,
  text.replace(marked, (_, start: string, end: string) => `${start}${settingsTable()}\n${end}`),
);
