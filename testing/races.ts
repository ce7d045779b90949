import { describeError } from './pet-expectations.js';

/** Rounds a race is run in, one after another, each under a key of its own. */
export const RACE_ROUNDS = 5;
/** Callers let go together in each round. */
export const RACERS = 16;

/**
 * In each of RACE_ROUNDS rounds, after `prepare(round)`, RACERS calls of `race(round)`, held at a gate
 * until every caller is ready and then let go together. The first round opens a storage's connections;
 * from then on the callers of a round reach the server together, where a look-up followed by an insert
 * lets two in. What each round went through, as `check` finds it: undefined when right, else what was
 * wrong; a round in which a caller was refused is wrong, naming the error.
 */
export async function racedInRounds<T>(
  race: (round: number) => Promise<T>,
  check: (answers: T[]) => string | undefined,
  prepare: (round: number) => Promise<void> = () => Promise.resolve(),
): Promise<(string | undefined)[]> {
  const rounds: (string | undefined)[] = [];
  for (let round = 1; round <= RACE_ROUNDS; round += 1) {
    await prepare(round);
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const racers = Array.from({ length: RACERS }, async () => {
      await gate;
      return race(round);
    });
    open();
    const settled = await Promise.allSettled(racers);
    const refused = settled.flatMap((outcome): unknown[] => (outcome.status === 'rejected' ? [outcome.reason] : []));
    const answers = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    rounds.push(
      refused.length > 0
        ? `${refused.length} were refused, the first with ${describeError(refused[0])}`
        : check(answers),
    );
  }
  return rounds;
}

/** The rounds a check found wrong, as "round 3: what it found", with how many of them there were. */
export function wrongRounds(rounds: readonly (string | undefined)[]): string {
  const wrong = rounds.flatMap((found, index) => (found === undefined ? [] : [`round ${index + 1}: ${found}`]));
  return `${wrong.length} of ${rounds.length} rounds went wrong; ${wrong.slice(0, 3).join('; ')}`;
}
