// A sentence cut short and then written again in full, or one clause opening two paragraphs, reads
// as a slip of the editor. Prose lines and clauses of eight words or more appear once in a document.

const LONG_ENOUGH = 8;

function* everyToken(tokens) {
  for (const token of tokens) {
    yield token;
    yield* everyToken(token.children);
  }
}

const words = (text) => text.trim().split(/\s+/).filter(Boolean).length;
const normal = (text) => text.trim().replace(/[.;:,]+$/, '').replace(/\s+/g, ' ').toLowerCase();

/** @type {import('markdownlint').Rule} */
export default {
  names: ['no-repeated-prose'],
  description: 'No prose line or clause is written twice',
  tags: ['prose'],
  parser: 'micromark',
  function: (params, onError) => {
    const seen = new Map();
    const report = (piece, lineNumber) => {
      if (words(piece) < LONG_ENOUGH) return;
      const key = normal(piece);
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, lineNumber);
        return;
      }
      onError({ lineNumber, detail: `Written already on line ${first}: "${piece.trim().slice(0, 60)}"`, context: params.lines[lineNumber - 1] });
    };
    for (const paragraph of everyToken(params.parsers.micromark.tokens)) {
      if (paragraph.type !== 'paragraph') continue;
      // Each source line, then each clause (ended by . ; or : and a space) of the whole paragraph;
      // a clause that is a whole line is looked at once.
      const lines = [];
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
