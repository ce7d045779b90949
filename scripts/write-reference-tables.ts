// `npm run docs:reference`: rewrites the blocks of the docs written from code (scripts/generated-blocks.ts):
// docs/reference.md's operations, settings and error codes, docs/operations.md's metric labels and span
// names, and the README's list of commands.
import { readFileSync, writeFileSync } from 'node:fs';
import { GENERATED_BLOCKS, withBlock } from './generated-blocks.js';

for (const file of new Set(GENERATED_BLOCKS.map((block) => block.file))) {
  const url = new URL(`../${file}`, import.meta.url);
  const page = GENERATED_BLOCKS.filter((block) => block.file === file).reduce(
    (text, { name, write }) => {
      try {
        return withBlock(text, name, write());
      } catch (error) {
        throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
      }
    },
    readFileSync(url, 'utf8'),
  );
  writeFileSync(url, page);
}
