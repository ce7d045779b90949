import type { Command } from 'commander';
import type { UseCaseName, UseCases } from '@petstore/core/use-cases/use-cases.js';
import type { SettingHelp } from '@petstore/settings/read-settings.js';
import type { Interrupts } from './interrupted.js';

export interface CliDependencies {
  /**
   * The use case of this name over the configured storage, opened on first use (`keys new` needs
   * none): read-only for a use case that only reads, so that it works on a storage this process may
   * not write.
   */
  useCase<Name extends UseCaseName>(name: Name): Promise<UseCases[Name]>;
  /** A fresh API key and the SHA-256 digest of it, in hex. */
  newApiKey(): { key: string; digest: string };
  /** Takes over SIGINT and SIGTERM for a long command, which then stops cleanly between steps. */
  watchInterrupts(): Interrupts;
  /** The HTTP service, for `serve`. */
  readonly service: {
    /** Serves until SIGTERM or SIGINT, drains, and resolves with the exit code. */
    run(): Promise<number>;
    /** Every setting with its default and meaning, in the order `serve --help` lists them. */
    settings(): readonly SettingHelp[];
  };
  /** The package's version, for `--version`. */
  readonly version: string;
}

/** Where the program writes: results to `out` (stdout), errors to `err` (stderr). */
export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
  /**
   * Writes to stdout as the chunks come, reading the next only when stdout has room for it, so
   * that a slow reader of a large export holds the export back rather than filling memory.
   */
  pipe(chunks: AsyncIterable<string>): Promise<void>;
  /** The terminal's width in columns, when there is one: help is wrapped to it (see helpColumns). */
  readonly columns?: number | undefined;
  /** stderr, when it is a terminal: progress is drawn there as a bar; otherwise it is plain lines. */
  readonly errTerminal?: NodeJS.WritableStream | undefined;
}

/** How a command that ended without an error ended: 0 unless it says otherwise (`serve` gives its service's). */
export interface CommandOutcome {
  exitCode: number;
}

/** Adds one command under `parent` (the program, or a group such as `pets`), wired to what it needs. */
export type AddCommand = (parent: Command, dependencies: CliDependencies, output: CliOutput) => void;

/** The width help is wrapped at: the terminal's, or 80 columns when there is no terminal. */
export function helpColumns(output: CliOutput): number {
  return output.columns ?? 80;
}
