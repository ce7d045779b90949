/** A TypeScript example taken from a Markdown file, named for where it came from. */
export interface DocBlock {
  /** A file name for it: `doc-<source>-<n>`, n counted from 1 in its file. */
  readonly name: string;
  readonly code: string;
  /** What it is: a contract-kit test file (run by vitest), a program (run), or a module (compiled). */
  readonly kind: 'kit test' | 'program' | 'module';
}

/** The part of `markdown` under `heading`, up to the next heading of its level; the whole text when none is given. */
export function sectionOf(markdown: string, heading?: string): string {
  if (heading === undefined) return markdown;
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no heading ${heading}`);
  const level = /^#+ /.exec(heading)?.[0] ?? '## ';
  const end = markdown.indexOf(`\n${level}`, start + heading.length + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

/** How many ```ts fences the text opens: what the blocks taken from it are counted against. */
export function tsFenceCount(text: string): number {
  return text.match(/^```ts$/gm)?.length ?? 0;
}

/** Every ```ts block of `text`, in order. */
export function tsBlocks(text: string, source: string): DocBlock[] {
  return [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map(([, code = ''], index) => ({
    name: `doc-${source}-${index + 1}`,
    code,
    kind: /\bdescribe\w*Contract\(/.test(code)
      ? 'kit test'
      : /^(?:const \w+ = )?await /m.test(code)
        ? 'program'
        : 'module',
  }));
}
