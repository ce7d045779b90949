import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blockOf, GENERATED_BLOCKS, withBlock } from '../../scripts/generated-blocks.js';

const pageOf = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

describe('the blocks of the docs written from code', () => {
  it.each(GENERATED_BLOCKS.map((block) => [block.file, block.name, block] as const))(
    '%s: the %s block is what the code writes, word for word (npm run docs:reference rewrites it)',
    (file, name, { write }) => {
      expect(blockOf(pageOf(file), name)).toBe(write());
    },
  );

  it("are the reference's operations, methods, settings and error codes, the operations page's labels and spans, and the README's commands", () => {
    expect(GENERATED_BLOCKS.map(({ file, name }) => `${file} ${name}`)).toEqual([
      'docs/reference.md operations',
      'docs/reference.md methods',
      'docs/reference.md settings',
      'docs/reference.md errors',
      'docs/operations.md metric-labels',
      'docs/operations.md span-names',
      'README.md commands',
    ]);
  });

  it('writes a block inside a list item indented as its markers are, and reads it back without', () => {
    const page = '- an item:\n\n  <!-- table:start -->\n  old\n  <!-- table:end -->\n- the next\n';
    const written = withBlock(page, 'table', '| a |\n| --- |');
    expect(written).toBe(
      '- an item:\n\n  <!-- table:start -->\n  | a |\n  | --- |\n  <!-- table:end -->\n- the next\n',
    );
    expect(blockOf(written, 'table')).toBe('| a |\n| --- |');
  });

  it('fills an empty block, and leaves the text around it and the other blocks as they were', () => {
    const page = 'before\n<!-- a:start -->\n<!-- a:end -->\nbetween $1\n<!-- b:start -->\nkept\n<!-- b:end -->\n';
    expect(withBlock(page, 'a', 'new $& text')).toBe(
      'before\n<!-- a:start -->\nnew $& text\n<!-- a:end -->\nbetween $1\n<!-- b:start -->\nkept\n<!-- b:end -->\n',
    );
  });

  it('refuses a page without the markers, rather than leave a table unwritten', () => {
    expect(() => withBlock('no markers here\n', 'table', '| a |')).toThrow(
      'no <!-- table:start --> ... <!-- table:end --> markers',
    );
    expect(() => blockOf('<!-- table:start -->\n', 'table')).toThrow('no <!-- table:start -->');
  });
});
