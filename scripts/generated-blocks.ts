// The blocks of the docs written from code, each between `<!-- name:start -->` and `<!-- name:end -->`
// on lines of their own: `npm run docs:reference` rewrites them, and a test fails while one differs.
import { commandList } from './command-list.js';
import { metricLabelTable, spanNameTable } from './operations-lists.js';
import { errorTable, methodsParagraph, operationTable, settingsTable } from './reference-tables.js';

export interface GeneratedBlock {
  /** The page, from the repository's root. */
  readonly file: string;
  readonly name: string;
  readonly write: () => string;
}

export const GENERATED_BLOCKS: readonly GeneratedBlock[] = [
  { file: 'docs/reference.md', name: 'operations', write: operationTable },
  { file: 'docs/reference.md', name: 'methods', write: methodsParagraph },
  { file: 'docs/reference.md', name: 'settings', write: settingsTable },
  { file: 'docs/reference.md', name: 'errors', write: errorTable },
  { file: 'docs/operations.md', name: 'metric-labels', write: metricLabelTable },
  { file: 'docs/operations.md', name: 'span-names', write: spanNameTable },
  { file: 'README.md', name: 'commands', write: commandList },
];

/** The markers and what lies between them; a block inside a list item is indented as its markers are. */
const markersOf = (name: string) =>
  new RegExp(`^([ \\t]*)<!-- ${name}:start -->\\n(?:([\\s\\S]*?)\\n)?\\1<!-- ${name}:end -->$`, 'm');

function match(page: string, name: string): RegExpExecArray {
  const found = markersOf(name).exec(page);
  if (found === null) throw new Error(`no <!-- ${name}:start --> ... <!-- ${name}:end --> markers`);
  return found;
}

/** What the block holds now, without its markers' indentation. */
export function blockOf(page: string, name: string): string {
  const [, indent = '', text = ''] = match(page, name);
  return text
    .split('\n')
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
    .join('\n');
}

/** The page with the block holding `text`, indented as its markers are. */
export function withBlock(page: string, name: string, text: string): string {
  const [whole, indent = ''] = match(page, name);
  const lines = text.split('\n').map((line) => (line === '' ? line : `${indent}${line}`));
  const block = [`${indent}<!-- ${name}:start -->`, ...lines, `${indent}<!-- ${name}:end -->`].join('\n');
  return page.replace(whole, () => block);
}
