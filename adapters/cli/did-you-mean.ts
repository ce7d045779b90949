/** Something the user may have meant by a word the command line does not know. */
export interface Candidate {
  /** What the word is compared with: a command's own name, an option's name without its dashes. */
  readonly name: string;
  /** What is suggested: the command's path from where the word was typed, or the option's flag. */
  readonly suggestion: string;
  /** How many levels below the word's own it sits: at equal distance, the nearer is the likelier. */
  readonly depth: number;
}

/** Commander's measure for its own suggestions: at most three edits, and more than 40% alike. */
const MOST_EDITS = 3;
const LEAST_LIKENESS = 0.4;

/** ` (did you mean list?)` when `word` is a slip away from a candidate; '' when none is near. */
export function didYouMean(word: string, candidates: readonly Candidate[]): string {
  const near = candidates
    .map((candidate) => ({ ...candidate, edits: editDistance(word, candidate.name) }))
    .filter(({ name, edits }) => {
      const length = Math.max(word.length, name.length);
      return edits <= MOST_EDITS && (length - edits) / length > LEAST_LIKENESS;
    });
  const fewestEdits = Math.min(...near.map(({ edits }) => edits));
  const closest = near.filter(({ edits }) => edits === fewestEdits);
  const shallowest = Math.min(...closest.map(({ depth }) => depth));
  const suggestions = [
    ...new Set(closest.filter(({ depth }) => depth === shallowest).map(({ suggestion }) => suggestion)),
  ].sort((a, b) => a.localeCompare(b));
  const [only, ...others] = suggestions;
  if (only === undefined) return '';
  return others.length === 0 ? ` (did you mean ${only}?)` : ` (did you mean one of ${suggestions.join(', ')}?)`;
}

/** Edits from `a` to `b`: a character inserted, deleted or replaced, or two neighbours swapped, counts one. */
function editDistance(a: string, b: string): number {
  let rowBeforeLast: number[] = [];
  let lastRow = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const replaced = (lastRow[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      const swapped =
        i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1] ? (rowBeforeLast[j - 2] ?? 0) + 1 : Infinity;
      row.push(Math.min((lastRow[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, replaced, swapped));
    }
    [rowBeforeLast, lastRow] = [lastRow, row];
  }
  return lastRow[b.length] ?? 0;
}
