// A code fence left open turns the rest of the document into code: the sections after it, their
// tables and links are lost when it is rendered. CommonMark allows it, so no built-in rule says so.

/** Every token of the document, children included. */
function* everyToken(tokens) {
  for (const token of tokens) {
    yield token;
    yield* everyToken(token.children);
  }
}

/** @type {import('markdownlint').Rule} */
export default {
  names: ['closed-code-fences'],
  description: 'Every fenced code block is closed',
  tags: ['code'],
  parser: 'micromark',
  function: (params, onError) => {
    for (const block of everyToken(params.parsers.micromark.tokens)) {
      if (block.type !== 'codeFenced') continue;
      const fences = block.children.filter((child) => child.type === 'codeFencedFence');
      if (fences.length < 2) {
        onError({ lineNumber: block.startLine, detail: 'This fence is never closed: everything after it renders as code.', context: params.lines[block.startLine - 1] });
      }
    }
  },
};
