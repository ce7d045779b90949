// The README's list of every command and option, written from the command line itself (commander's
// own record of each command's arguments and options), so that a new command or option is listed.
import type { Command } from 'commander';
import { createCliProgram, type CliOutput } from '../adapters/cli/cli-program.js';

const SILENT: CliOutput = { out: () => undefined, err: () => undefined, pipe: () => Promise.resolve() };

/**
 * The program as `petstore` makes it, for reading its shape or its help: nothing it would call (the
 * storage, the service) is given, and it writes to `output`, silent unless given.
 */
export function inertProgram(output: CliOutput = SILENT): Command {
  const nothing = () => Promise.reject(new Error('this program only shows its shape and help'));
  return createCliProgram(
    {
      useCase: nothing,
      newApiKey: () => ({ key: '', digest: '' }),
      watchInterrupts: () => ({ signal: new AbortController().signal, release: () => undefined }),
      service: { run: nothing, settings: () => [] },
      version: '',
    },
    output,
    { exitCode: 0 },
  );
}

/** Every command under `command`, itself first, each with the words that name it (`pets list`), in help's order. */
export function commandsOf(command: Command, words: readonly string[] = []): [readonly string[], Command][] {
  return [[words, command], ...command.commands.flatMap((sub) => commandsOf(sub, [...words, sub.name()]))];
}

/** One line a command a user runs: `petstore pets get <id> [--json]`, a required option bare, an optional one in brackets. */
export function commandList(): string {
  const lines = commandsOf(inertProgram())
    .filter(([, command]) => command.commands.length === 0)
    .map(([words, command]) => {
      const operands = command.registeredArguments.map((argument) =>
        argument.required ? `<${argument.name()}>` : `[${argument.name()}]`,
      );
      const options = command.options.map((option) => (option.mandatory ? option.flags : `[${option.flags}]`));
      return ['petstore', ...words, ...operands, ...options].join(' ');
    });
  return ['```text', ...lines, 'petstore --version, petstore --help, and --help on every command', '```'].join('\n');
}
