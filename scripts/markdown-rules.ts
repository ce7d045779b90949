// Markdown lint rules of the project's own, which markdownlint-cli2 loads (.markdownlint-cli2.jsonc).
import type { MicromarkToken, Rule } from 'markdownlint';
import { relative } from 'node:path';

/** Every token of a document, children included, in document order. */
function* everyToken(tokens: readonly MicromarkToken[]): Generator<MicromarkToken> {
  for (const token of tokens) {
    yield token;
    yield* everyToken(token.children);
  }
}

// A code fence left open turns the rest of the document into code: the sections after it, their
// tables and links are lost when it is rendered. CommonMark allows it, so no built-in rule says so.
const closedCodeFences: Rule = {
  names: ['closed-code-fences'],
  description: 'Every fenced code block is closed',
  tags: ['code'],
  parser: 'micromark',
  function: (params, onError) => {
    for (const block of everyToken(params.parsers.micromark.tokens)) {
      if (block.type !== 'codeFenced') continue;
      const fences = block.children.filter((child) => child.type === 'codeFencedFence');
      if (fences.length < 2) {
        onError({
          lineNumber: block.startLine,
          detail: 'This fence is never closed: everything after it renders as code.',
          context: params.lines[block.startLine - 1] ?? '',
        });
      }
    }
  },
};

// A sentence cut short and then written again in full, or one clause opening two paragraphs, reads
// as a slip of the editor. Prose lines and clauses of eight words or more appear once in a document.
const LONG_ENOUGH = 8;

const words = (text: string) => text.trim().split(/\s+/).filter(Boolean).length;
const normal = (text: string) =>
  text
    .trim()
    .replace(/[.;:,]+$/, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();

const noRepeatedProse: Rule = {
  names: ['no-repeated-prose'],
  description: 'No prose line or clause is written twice',
  tags: ['prose'],
  parser: 'micromark',
  function: (params, onError) => {
    const seen = new Map<string, number>();
    const report = (piece: string, lineNumber: number) => {
      if (words(piece) < LONG_ENOUGH) return;
      const key = normal(piece);
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, lineNumber);
        return;
      }
      onError({
        lineNumber,
        detail: `Written already on line ${first}: "${piece.trim().slice(0, 60)}"`,
        context: params.lines[lineNumber - 1] ?? '',
      });
    };
    for (const paragraph of everyToken(params.parsers.micromark.tokens)) {
      if (paragraph.type !== 'paragraph') continue;
      // Each source line, then each clause (ended by . ; or : and a space) of the whole paragraph;
      // a clause that is a whole line is looked at once.
      const lines: string[] = [];
      for (let line = paragraph.startLine; line <= paragraph.endLine; line += 1) {
        const text = (params.lines[line - 1] ?? '').replace(/^\s*(?:[-*]|\d+\.)\s+/, '');
        lines.push(normal(text));
        report(text, line);
      }
      for (const clause of paragraph.text.split(/[.;:](?:\s+|$)/)) {
        if (!lines.includes(normal(clause))) report(clause, paragraph.startLine);
      }
    }
  },
};

/** The README is the user guide, read top to bottom: what outgrows this belongs in docs/. */
export const README_MAX_LINES = 300;

const readmeWithinLimit: Rule = {
  names: ['readme-within-limit'],
  description: `The README is at most ${README_MAX_LINES} lines`,
  tags: ['length'],
  parser: 'none',
  function: (params, onError) => {
    // The project's own README only (the one where the lint runs): an example's README is a page of its own.
    if (relative(process.cwd(), params.name) !== 'README.md') return;
    // A file that ends with a line break has no line after it.
    const lines = params.lines.at(-1) === '' ? params.lines.length - 1 : params.lines.length;
    if (lines <= README_MAX_LINES) return;
    onError({ lineNumber: README_MAX_LINES + 1, detail: `${lines} lines; move detail to docs/ and link it` });
  },
};

export default [closedCodeFences, noRepeatedProse, readmeWithinLimit];
