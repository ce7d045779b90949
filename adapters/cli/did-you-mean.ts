import leven from 'leven';

/** Something the user may have meant by a word the command line does not know. */
export interface Candidate {
  /** What the word is compared with: a command's own name, an option's name without its dashes. */
  readonly name: string;
  /** What is suggested: the command's path from where the word was typed, or the option's flag. */
  readonly suggestion: string;
  /** How many levels below the word's own it sits: at equal distance, the nearer is the likelier. */
  readonly depth: number;
}

/**
 * Commander's bounds for its own suggestions: at most three edits, and more than 40% alike. The edits are counted as
 * Levenshtein counts them, where two neighbours swapped are two edits (Commander counts one): a swap in a three-letter
 * name ('gte' for 'get') is too far to be suggested.
 */
const MOST_EDITS = 3;
const LEAST_LIKENESS = 0.4;

/** ` (did you mean list?)` when `word` is a slip away from a candidate; '' when none is near. */
export function didYouMean(word: string, candidates: readonly Candidate[]): string {
  const near = candidates
    .map((candidate) => ({ ...candidate, edits: leven(word, candidate.name) }))
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
