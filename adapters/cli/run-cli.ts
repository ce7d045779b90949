import { CommanderError } from 'commander';
import { DomainError, ImportInterrupted, ImportRefused, ImportStopped, RuleViolation } from '@petstore/core/errors.js';
import { ConfigError } from '@petstore/settings/config-error.js';
import { EXIT_ON_SIGNAL, type InterruptSignal } from './interrupted.js';
import type { CliDependencies, CliOutput } from './cli-dependencies.js';
import { createCliProgram } from './cli-program.js';
import { explainUsageErrors, UsageError } from './usage-errors.js';

/** How the command ended, as its exit status. */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

/** The core names what it checks (`limit`, `categoryId`); on the command line each is an option. */
const OPTION_OF_FIELD: Readonly<Record<string, string>> = {
  name: '--name',
  categoryId: '--category-id',
  status: '--status',
  limit: '--limit',
  afterId: '--after',
};

/**
 * Runs one command line (the arguments after `petstore`) and says how it ended: 0 done, 1 it could
 * not be done (storage out of reach, no such pet, ...), 2 the command line itself is wrong, 130 or
 * 143 stopped by SIGINT or SIGTERM. Every error is one line on stderr; `--debug` adds the stack trace.
 */
export async function runCli(
  args: readonly string[],
  dependencies: CliDependencies,
  output: CliOutput,
): Promise<number> {
  const outcome = { exitCode: EXIT.ok };
  const program = createCliProgram(dependencies, output, outcome);
  explainUsageErrors(program, args);
  try {
    await program.parseAsync([...args], { from: 'user' });
    return outcome.exitCode;
  } catch (error) {
    // Commander has written the help, or the version, already.
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    output.err(`petstore: ${messageOf(error)}\n`);
    if (args.includes('--debug') && error instanceof Error && error.stack !== undefined) output.err(`${error.stack}\n`);
    const interrupted = error instanceof ImportStopped ? error.cause : error;
    if (interrupted instanceof ImportInterrupted) return EXIT_ON_SIGNAL[interrupted.reason as InterruptSignal];
    return error instanceof RuleViolation || error instanceof UsageError ? EXIT.usage : EXIT.failure;
  }
}

function messageOf(error: unknown): string {
  if (error instanceof RuleViolation) {
    const option = OPTION_OF_FIELD[error.field] ?? error.field;
    // The core's words, with the option's name where the core put its own.
    return error.message.startsWith(`${error.field} `)
      ? `${option}${error.message.slice(error.field.length)}`
      : `${option}: ${error.message}`;
  }
  if (error instanceof ConfigError) return `configuration error: ${error.message}`;
  if (error instanceof ImportRefused) return `${error.message}; nothing was imported`;
  if (error instanceof ImportInterrupted) return `${interruptedBy(error)}; nothing was imported`;
  if (error instanceof ImportStopped) {
    // A line refused while writing (the file changed since its check) is the reason, not a refusal of the whole file.
    const { cause } = error;
    const reason =
      cause instanceof ImportRefused
        ? cause.message
        : cause instanceof ImportInterrupted
          ? interruptedBy(cause)
          : messageOf(cause);
    return `${reason}; ${error.message}`;
  }
  if (error instanceof DomainError && error.code === 'storage_unavailable') {
    // The cause is not printed: a driver's message may carry parts of the connection string.
    return (
      'storage is not reachable; check STORAGE and its settings (SQLITE_PATH, MONGODB_URI), and that the ' +
      'database is up'
    );
  }
  return error instanceof Error ? error.message : String(error);
}

/** The host aborts an import with the signal's name (see watchInterrupts). */
function interruptedBy({ reason }: ImportInterrupted): string {
  return `interrupted by ${String(reason)}`;
}
