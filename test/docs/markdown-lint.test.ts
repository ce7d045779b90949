import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'petstore-markdown-'));

/** `npm run lint:markdown`'s linter with the project's configuration, on one file of a test's own. */
function lint(markdown: string, name = 'page.md'): { status: number | null; problems: string[] } {
  writeFileSync(join(folder, name), markdown);
  const run = spawnSync(
    join(ROOT, 'node_modules/.bin/markdownlint-cli2'),
    ['--config', join(ROOT, '.markdownlint-cli2.jsonc'), name],
    { cwd: folder, encoding: 'utf8' },
  );
  // The configuration lints every page in the folder: this one goes, so the next test lints its own alone.
  rmSync(join(folder, name));
  return { status: run.status, problems: run.stderr.split('\n').filter((line) => line.startsWith(`${name}:`)) };
}

/** A page of `count` lines: a title, a blank line, then a paragraph of lines each different from the others. */
const pageOfLines = (count: number) =>
  ['# Title', '', ...Array.from({ length: count - 2 }, (_, index) => `Line ${index}.`)].join('\n') + '\n';

describe('the Markdown lint', () => {
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('passes a page with closed fences and nothing written twice', () => {
    expect(
      lint('# Title\n\nThe service answers every request it has read before it stops.\n\n```sh\nnpm start\n```\n'),
    ).toEqual({ status: 0, problems: [] });
  });

  it('fails a fence that is never closed, which would turn the rest of the page into code', () => {
    const { status, problems } = lint('# Title\n\n```sh\nnpm start\n\n## Configuration\n\n| a | b |\n');
    expect(status).toBe(1);
    expect(problems).toEqual([expect.stringMatching(/^page\.md:3 error closed-code-fences /)]);
  });

  it('fails a sentence cut short and then written in full, and a clause that opens two paragraphs', () => {
    const cut = 'With neither key variable set outside production, a random key is generated and printed once at';
    const { status, problems } = lint(
      `# Title\n\n${cut}\n\n${cut}\nstart-up; it is the only time.\n\nValidation names a range only to a value out of it: one.\n\nValidation names a range only to a value out of it; two.\n`,
    );
    expect(status).toBe(1);
    expect(problems).toEqual([
      expect.stringMatching(/^page\.md:5 error no-repeated-prose .*Written already on line 3/),
      expect.stringMatching(/^page\.md:10 error no-repeated-prose .*Written already on line 8/),
    ]);
  });

  it('holds the README to 300 lines, and no other page', () => {
    expect(lint(pageOfLines(300), 'README.md')).toEqual({ status: 0, problems: [] });
    const { status, problems } = lint(pageOfLines(301), 'README.md');
    expect(status).toBe(1);
    expect(problems).toEqual([expect.stringMatching(/^README\.md:301 error readme-within-limit .*301 lines/)]);
    expect(lint(pageOfLines(301)).status).toBe(0);
  });

  it('lets short lines repeat: a list of options may say "the default" twice', () => {
    expect(lint('# Title\n\n- one: the default\n- two: the default\n').status).toBe(0);
  });
});
