import { InvalidArgumentError, type Argument, type Command, type Option } from 'commander';
import { didYouMean, type Candidate } from './did-you-mean.js';

/** A command line that is not one of ours: what is wrong, and whose help to read, in one line. */
export class UsageError extends Error {}

/** What Commander has written already (help, or the version): the command ends, and nothing more is said. */
const WRITTEN_ALREADY: ReadonlySet<string> = new Set([
  'commander.help',
  'commander.helpDisplayed',
  'commander.version',
]);

type Wording = (command: Command, commandLine: readonly string[]) => string;

/**
 * Each usage error Commander finds, by its code, in words made from the command's own parts and the command line.
 * Commander's English is never read, so an upgrade that rewords it changes nothing here. Each looks for the part that
 * is wrong as Commander looked for it, so it finds one.
 */
const USAGE_ERRORS: Readonly<Record<string, Wording>> = {
  'commander.unknownCommand': (command) => {
    // Commander looks for a command only when it was given a word: the first.
    const word = command.args[0] as string;
    return `unknown command '${word}'${didYouMean(word, commandsBelow(command))}`;
  },
  'commander.unknownOption': (command) => {
    // Commander's own reading of the words the command refused: the first it does not know is the option.
    const flag = command.parseOptions([...command.args]).unknown[0] as string;
    // Options are compared by their names: a long flag without its two dashes, a short one without its one.
    const name = flag.startsWith('--') ? flag.slice(2) : flag.slice(1);
    return `unknown option '${flag}'${didYouMean(name, optionsAbove(command))}`;
  },
  'commander.missingArgument': (command) => {
    const missing = command.registeredArguments.find(
      (argument, index) => argument.required && command.args[index] === undefined,
    ) as Argument;
    return `missing required argument '${missing.name()}'`;
  },
  'commander.optionMissingArgument': (command, commandLine) => {
    // It ends the words its command was given, so it is the last of the command's value options the line names (each
    // of ours has a long name); an option of the same name after it is a parent's, which the parent took.
    const takesValue = command.options.filter((option) => option.required);
    const flag = commandLine.findLast((word) => takesValue.some((option) => option.long === word));
    const option = takesValue.find(({ long }) => long === flag) as Option;
    return `option '${option.flags}' argument missing`;
  },
  'commander.missingMandatoryOptionValue': (command) => {
    // Commander raises it from the command that has the option.
    const missing = command.options.find(
      (option) => option.mandatory && command.getOptionValue(option.attributeName()) === undefined,
    ) as Option;
    return `required option '${missing.flags}' not specified`;
  },
  'commander.excessArguments': (command) => {
    const expected = command.registeredArguments.length;
    return (
      `too many arguments for '${command.name()}'. Expected ${expected} argument${expected === 1 ? '' : 's'} ` +
      `but got ${command.args.length}: ${command.args.join(', ')}`
    );
  },
};

/**
 * Makes `command` and every command below it refuse a malformed command line with a UsageError of one line (what is
 * wrong, and whose help to read), Commander itself writing nothing; help and the version go through as they are.
 */
export function explainUsageErrors(command: Command, commandLine: readonly string[]): void {
  command.configureOutput({ outputError: () => undefined }).exitOverride((error) => {
    if (WRITTEN_ALREADY.has(error.code)) throw error;
    // A check a later Commander adds still ends in one line, in Commander's words, until it is worded here.
    throw usageError(USAGE_ERRORS[error.code]?.(command, commandLine) ?? error.message, command);
  });
  // Commander's error for a refused value names neither the option nor the value: the parsers are wrapped to say both.
  for (const option of command.options) {
    const { parseArg, argChoices } = option;
    if (parseArg) option.argParser(refusingInOneLine(parseArg, option.long ?? option.flags, argChoices, command));
  }
  for (const argument of command.registeredArguments) {
    const { parseArg, argChoices } = argument;
    if (parseArg) argument.argParser(refusingInOneLine(parseArg, `<${argument.name()}>`, argChoices, command));
  }
  for (const subcommand of command.commands) explainUsageErrors(subcommand, commandLine);
}

function refusingInOneLine(
  parse: (value: string, previous: unknown) => unknown,
  subject: string,
  choices: readonly string[] | undefined,
  command: Command,
): (value: string, previous: unknown) => unknown {
  return (value, previous) => {
    try {
      return parse(value, previous);
    } catch (error) {
      if (!(error instanceof InvalidArgumentError)) throw error;
      // Commander words a refused choice itself; a parser of ours words its own rule.
      const rule = choices === undefined ? error.message : `must be one of ${choices.join(', ')}`;
      throw usageError(`${subject} ${rule} (got '${value}')`, command);
    }
  };
}

function usageError(message: string, command: Command): UsageError {
  return new UsageError(`${message}; for usage, see ${commandPath(command)} --help`);
}

function commandPath(command: Command): string {
  return command.parent === null ? command.name() : `${commandPath(command.parent)} ${command.name()}`;
}

/** Every command below `command`, by its path from there: a sub-command typed a level too high is still found. */
function commandsBelow(command: Command, path = '', depth = 0): Candidate[] {
  return command
    .createHelp()
    .visibleCommands(command)
    .flatMap((subcommand) => {
      const subcommandPath = `${path}${subcommand.name()}`;
      return [
        { name: subcommand.name(), suggestion: subcommandPath, depth },
        ...commandsBelow(subcommand, `${subcommandPath} `, depth + 1),
      ];
    });
}

/** The long options `command` takes: its own, and those of the commands above it, which it takes too. */
function optionsAbove(command: Command): Candidate[] {
  const own = command
    .createHelp()
    .visibleOptions(command)
    .flatMap(({ long }) => (long === undefined ? [] : [{ name: long.slice(2), suggestion: long, depth: 0 }]));
  return command.parent === null ? own : [...own, ...optionsAbove(command.parent)];
}
