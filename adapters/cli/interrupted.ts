/** The signals a command stops for cleanly: Ctrl-C on a terminal, and a supervisor's request to stop. */
export type InterruptSignal = 'SIGINT' | 'SIGTERM';
const INTERRUPT_SIGNALS: readonly InterruptSignal[] = ['SIGINT', 'SIGTERM'];

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

/**
 * The first SIGINT or SIGTERM asks the command to stop between steps; a second one stops the process
 * at once, putting back what a progress bar changed on the terminal (cursor, line wrapping) first.
 * `onSignals` subscribes a listener to both signals and returns its release.
 */
export function watchInterrupts(onSignals: (listener: (signal: InterruptSignal) => void) => () => void): Interrupts {
  const controller = new AbortController();
  const onSignal = (signal: InterruptSignal) => {
    if (!controller.signal.aborted) {
      controller.abort(signal);
      return;
    }
    if (process.stderr.isTTY) process.stderr.write('\x1b[?25h\x1b[?7h\n');
    process.exit(EXIT_ON_SIGNAL[signal]);
  };
  return { signal: controller.signal, release: onSignals(onSignal) };
}

/** Calls `listener` on every SIGINT and SIGTERM the process receives, until the returned function is called. */
export function onInterruptSignals(listener: (signal: InterruptSignal) => void): () => void {
  for (const signal of INTERRUPT_SIGNALS) process.on(signal, listener);
  return () => {
    for (const signal of INTERRUPT_SIGNALS) process.off(signal, listener);
  };
}
