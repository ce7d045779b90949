import type { Command } from 'commander';
import { ConfigError } from '@petstore/settings/config-error.js';
import { helpColumns, type CliDependencies, type CliOutput, type CommandOutcome } from '../cli-dependencies.js';
import { settingsHelp } from './settings-help.js';

/** The exit code when requests were cut at SHUTDOWN_TIMEOUT, after GNU timeout's "timed out". */
export const EXIT_FORCED = 124;

/** Start-up cannot succeed; the message is the one line a person reads, after `petstore: `. */
export class StartupFailure extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'StartupFailure';
  }
}

/** `petstore serve`: the HTTP service, with every setting under its help. It ends with the service's exit status. */
export function addServeCommand(
  program: Command,
  dependencies: CliDependencies,
  output: CliOutput,
  outcome: CommandOutcome,
): void {
  program
    .command('serve')
    .description('serve the API over HTTP until SIGTERM (drained within SHUTDOWN_GRACE and SHUTDOWN_TIMEOUT) or SIGINT')
    .addHelpText('after', () => `\n${settingsHelp(dependencies.service.settings(), helpColumns(output)).trimEnd()}`)
    .action(async () => {
      try {
        outcome.exitCode = await dependencies.service.run();
      } catch (error) {
        // A bad setting is worded as every command words one (run-cli.ts).
        throw error instanceof ConfigError ? error : startupFailure(error);
      }
    });
}

/**
 * Why start-up failed, in words a person acts on. A storage's failure to open comes already in its
 * adapter's words (StorageOpenFailure), never a driver's message, which may carry a connection string.
 */
export function startupFailure(error: unknown): StartupFailure {
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    const { port } = error as NodeJS.ErrnoException & { port?: number };
    return new StartupFailure(
      `failed to start: port ${String(port)} is already in use; ` +
        'choose another with PORT (or METRICS_PORT, for /metrics on a port of its own)',
      { cause: error },
    );
  }
  return new StartupFailure(`failed to start: ${error instanceof Error ? error.message : String(error)}`, {
    cause: error,
  });
}
