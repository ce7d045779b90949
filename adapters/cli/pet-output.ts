import type { Pet } from '@petstore/core/pet.js';

const COLUMNS = [
  { title: 'ID', value: (pet: Pet) => String(pet.id), alignRight: true },
  { title: 'NAME', value: (pet: Pet) => pet.name, alignRight: false },
  { title: 'CATEGORY', value: (pet: Pet) => String(pet.categoryId), alignRight: true },
  { title: 'STATUS', value: (pet: Pet) => pet.status ?? '-', alignRight: false },
] as const;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** What a reader sees as characters: an emoji with its modifiers, a letter with its accents, is one. */
const graphemes = (text: string): string[] => Array.from(segmenter.segment(text), ({ segment }) => segment);

/** Names as long as this are cut, with '…', so that one long name does not push every row apart. */
const NAME_WIDTH_MAX = 40;

type Column = (typeof COLUMNS)[number];

/** Pets as a table for people: a header, one row each, columns as wide as their widest cell. */
export function petTable(pets: readonly Pet[]): string {
  // The header, then each pet, as what it shows in a column.
  const lines = [(column: Column) => column.title, ...pets.map((pet) => (column: Column) => cell(column.value(pet)))];
  const columns = COLUMNS.map((column) => ({
    ...column,
    width: Math.max(...lines.map((line) => graphemes(line(column)).length)),
  }));
  return lines
    .map((line) =>
      columns
        .map((column) => {
          const text = line(column);
          const pad = ' '.repeat(column.width - graphemes(text).length);
          return column.alignRight ? pad + text : text + pad;
        })
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** One line of a table never holds a line break or a control character, whatever a name holds. */
function cell(text: string): string {
  const printable = text.replace(/\p{Cc}/gu, '�');
  const characters = graphemes(printable);
  return characters.length > NAME_WIDTH_MAX ? `${characters.slice(0, NAME_WIDTH_MAX - 1).join('')}…` : printable;
}

/** A pet as one line of JSON: the form `--json` and export write. */
export function petJson(pet: Pet): string {
  return JSON.stringify(pet);
}
