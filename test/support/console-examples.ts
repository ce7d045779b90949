/** One command of a console example, as typed, and the lines the README says it prints. */
export interface ConsoleStep {
  /** After `$ `, with its continuation lines (after `> `) joined by newlines. */
  readonly command: string;
  readonly expected: readonly string[];
}

/**
 * The README's ```console blocks, each a list of steps: a line starting `$ ` is a command, one
 * starting `> ` continues it (the shell's second prompt), and every other line is what it prints.
 */
export function consoleExamples(markdown: string): ConsoleStep[][] {
  return [...markdown.matchAll(/```console\n([\s\S]*?)```/g)].map(([, block = '']) => {
    const steps: { command: string; expected: string[] }[] = [];
    for (const line of block.replace(/\n$/, '').split('\n')) {
      const current = steps.at(-1);
      if (line.startsWith('$ ')) steps.push({ command: line.slice(2), expected: [] });
      else if (line.startsWith('> ') && current !== undefined && current.expected.length === 0)
        current.command += `\n${line.slice(2)}`;
      else if (current === undefined) throw new Error(`a console example must start with a command: ${line}`);
      else current.expected.push(line);
    }
    return steps;
  });
}

/**
 * Whether printed lines are what an example shows. A line `...` stands for any lines (none
 * included), and `...` within a line for any text: for what differs from run to run (a date, a key).
 */
export function matchesExample(expected: readonly string[], actual: readonly string[]): boolean {
  const [first, ...rest] = expected;
  if (first === undefined) return actual.length === 0;
  if (first === '...')
    return actual.some((_, skipped) => matchesExample(rest, actual.slice(skipped))) || matchesExample(rest, []);
  const [line, ...others] = actual;
  return line !== undefined && lineMatches(first, line) && matchesExample(rest, others);
}

function lineMatches(pattern: string, line: string): boolean {
  const escaped = pattern.split('...').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`).test(line);
}
