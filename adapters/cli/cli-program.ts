import { Command } from 'commander';
import { helpColumns, type CliDependencies, type CliOutput, type CommandOutcome } from './cli-dependencies.js';
import { addKeysNewCommand } from './commands/keys/keys-new.js';
import { addPetsAddCommand } from './commands/pets/pets-add.js';
import { addPetsExportCommand } from './commands/pets/pets-export.js';
import { addPetsGetCommand } from './commands/pets/pets-get.js';
import { addPetsImportCommand } from './commands/pets/pets-import.js';
import { addPetsListCommand } from './commands/pets/pets-list.js';
import { addServeCommand } from './commands/serve.js';

const AND_LIST = new Intl.ListFormat('en-GB', { type: 'conjunction' });

// Hosts name the program's dependencies by this module, where the program is made.
export type { CliDependencies, CliOutput } from './cli-dependencies.js';

/** The `petstore` command line: commander parses it and writes help; each command is a file under commands/. */
export function createCliProgram(dependencies: CliDependencies, output: CliOutput, outcome: CommandOutcome): Command {
  const program = new Command('petstore')
    .description(
      "The pet store's API (serve) and its catalogue from the command line (pets): the same core, storage and " +
        'settings.',
    )
    .version(dependencies.version, '--version', 'print the version and exit')
    .option('--debug', 'on failure, print the stack trace too')
    .configureOutput({
      writeOut: (text) => {
        output.out(text);
      },
      writeErr: (text) => {
        output.err(text);
      },
      getOutHelpWidth: () => helpColumns(output),
      getErrHelpWidth: () => helpColumns(output),
    })
    // Commander stops wrapping a description in fewer than 40 columns: a long command (two arguments)
    // at 70 would leave its description one long line.
    .configureHelp({ minWidthToWrap: 30 });

  addServeCommand(program, dependencies, output, outcome);

  const pets = program.command('pets');
  addPetsListCommand(pets, dependencies, output);
  addPetsAddCommand(pets, dependencies, output);
  addPetsGetCommand(pets, dependencies, output);
  addPetsExportCommand(pets, dependencies, output);
  addPetsImportCommand(pets, dependencies, output);
  // Named from its commands, so that a new one is named too: "list, add, get, export and import pets".
  pets.description(`${AND_LIST.format(pets.commands.map((command) => command.name()))} pets`);

  const keys = program.command('keys').description('API keys');
  addKeysNewCommand(keys, dependencies, output);

  return program;
}
