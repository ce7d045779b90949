/** The signals a command stops for cleanly: Ctrl-C on a terminal, and a supervisor's request to stop. */
export type InterruptSignal = 'SIGINT' | 'SIGTERM';

/** What a shell reports for a process such a signal stopped: 128 plus the signal's number. */
export const EXIT_ON_SIGNAL: Readonly<Record<InterruptSignal, number>> = { SIGINT: 130, SIGTERM: 143 };

/**
 * A command's view of interruptions while it runs: `signal` aborts (its reason the signal's name)
 * on the first one; `release` hands the signals back once the command is done.
 */
export interface Interrupts {
  readonly signal: AbortSignal;
  release(): void;
}
