import { Command } from 'commander';

/** A command line that is not one of ours: what is wrong, and where its usage is, in one line. */
export class UsageError extends Error {}

/** Commander's words for a bad value, and for its choices. */
const INVALID_VALUE =
  /^(?:option '(?<option>[^ ']+)[^']*' argument|command-argument value) '(?<value>.*)' is invalid(?: for argument '(?<argument>[^']+)')?\. (?<reason>.*)$/s;
const CHOICES = /^Allowed choices are (?<choices>.*?)\.?$/;

/**
 * Commander writes a usage error over several lines (`error: ...`, `(Did you mean list?)`, a hint);
 * this command turns each into one line, with the command whose help to read.
 */
export class PetstoreCommand extends Command {
  override createCommand(name?: string): Command {
    return new PetstoreCommand(name);
  }

  override error(message: string): never {
    throw new UsageError(`${oneLineUsageError(message)}; for usage, see ${commandPath(this)} --help`);
  }
}

function oneLineUsageError(message: string): string {
  const text = message
    .replace(/^error: /, '')
    .replace(/\n\(Did you mean (.*)\?\)$/, ' (did you mean $1?)')
    .replace(/\.$/, '');
  const invalid = INVALID_VALUE.exec(text)?.groups;
  if (invalid === undefined) return text;
  const reason = invalid.reason ?? '';
  const choices = CHOICES.exec(reason)?.groups?.choices;
  const subject = invalid.option ?? `<${invalid.argument ?? ''}>`;
  const rule = choices === undefined ? reason : `must be one of ${choices}`;
  return `${subject} ${rule} (got '${invalid.value ?? ''}')`;
}

function commandPath(command: Command): string {
  return command.parent === null ? command.name() : `${commandPath(command.parent)} ${command.name()}`;
}
