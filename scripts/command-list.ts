// The README's list of every command and option, written from the command line itself (commander's
// own record of each command's arguments and options), so that a new command or option is listed.
import type { Command } from 'commander';
import { createCliProgram } from '../adapters/cli/cli-program.js';

/** The program as `petstore` makes it; only its shape is read, so nothing it would call is given. */
function program(): Command {
  const nothing = () => Promise.reject(new Error('the list of commands runs none'));
  return createCliProgram(
    {
      useCases: nothing,
      newApiKey: () => ({ key: '', digest: '' }),
      watchInterrupts: () => ({ signal: new AbortController().signal, release: () => undefined }),
      service: { run: nothing, settings: () => [] },
      version: '',
    },
    { out: () => undefined, err: () => undefined, pipe: () => Promise.resolve() },
    { exitCode: 0 },
  );
}

/** Each command a user runs, by the words that name it (`pets list`), in the order help lists them. */
function leavesOf(command: Command, words: readonly string[]): [readonly string[], Command][] {
  if (command.commands.length === 0) return [[words, command]];
  return command.commands.flatMap((sub) => leavesOf(sub, [...words, sub.name()]));
}

/** One line a command: `petstore pets get <id> [--json]`, a required option bare, an optional one in brackets. */
export function commandList(): string {
  const lines = leavesOf(program(), []).map(([words, command]) => {
    const operands = command.registeredArguments.map((argument) =>
      argument.required ? `<${argument.name()}>` : `[${argument.name()}]`,
    );
    const options = command.options.map((option) => (option.mandatory ? option.flags : `[${option.flags}]`));
    return ['petstore', ...words, ...operands, ...options].join(' ');
  });
  return ['```text', ...lines, 'petstore --version, petstore --help, and --help on every command', '```'].join('\n');
}
