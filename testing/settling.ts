import { expect } from 'vitest';
import { StorageUnavailable } from '@petstore/core/errors.js';
import { describeError } from './pet-expectations.js';

/** What became of one storage call within the bound: its answer, its rejection, or nothing yet. */
export type Settled = { answer: unknown } | { error: unknown } | 'waiting';

/** How a call settled within `withinMs`; a call still waiting then is left to settle unobserved. */
export async function settledWithin(call: Promise<unknown>, withinMs: number): Promise<Settled> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'waiting'>((resolve) => {
    timer = setTimeout(() => {
      resolve('waiting');
    }, withinMs);
  });
  try {
    return await Promise.race([
      call.then(
        (answer) => ({ answer }),
        (error: unknown) => ({ error }),
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What the outage rules ask of the calls made while the server is away: each settles within the bound,
 * either answered (a file storage still reads) or rejected with StorageUnavailable, never another error.
 */
export function expectSettledAsAllowed(outcomes: Record<string, Settled>, withinMs: number, while_: string): void {
  const waiting = Object.keys(outcomes).filter((call) => outcomes[call] === 'waiting');
  expect(
    waiting,
    `${while_}, calls still waiting after ${withinMs} ms (twice the storage's timeout and a second): ` +
      waiting.join(', '),
  ).toEqual([]);
  const refusedOtherwise = Object.entries(outcomes).flatMap(([call, outcome]) =>
    typeof outcome === 'object' && 'error' in outcome && !(outcome.error instanceof StorageUnavailable)
      ? [`${call} rejected with ${describeError(outcome.error)}`]
      : [],
  );
  expect(
    refusedOtherwise,
    `${while_}, calls that rejected with something other than StorageUnavailable: ${refusedOtherwise.join('; ')}`,
  ).toEqual([]);
}
