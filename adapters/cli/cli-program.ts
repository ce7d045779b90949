import { type Command, InvalidArgumentError, Option } from 'commander';
import { PET_STATUSES, type Pet, type PetStatus } from '../../core/pet.js';
import type { CreatePet } from '../../core/use-cases/create-pet.js';
import type { GetPet } from '../../core/use-cases/get-pet.js';
import type { ListPets } from '../../core/use-cases/list-pets.js';
import { newPetOf } from '../../core/pet.js';
import { IMPORT_MODES, type ImportMode } from '../../core/backup.js';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, PAGE_LIMIT_MIN } from '../../core/paging.js';
import type { ExportPets } from '../../core/use-cases/export-pets.js';
import type { ImportPets, ImportReport } from '../../core/use-cases/import-pets.js';
import { backupFile } from './backup-file.js';
import { petCount, progressBar, progressLines } from './import-progress.js';
import type { Interrupts } from './interrupted.js';
import { petJson, petTable } from './pet-output.js';
import { PetstoreCommand } from './usage-errors.js';

export interface CliUseCases {
  readonly listPets: ListPets;
  readonly createPet: CreatePet;
  readonly getPet: GetPet;
  readonly importPets: ImportPets;
  readonly exportPets: ExportPets;
}

export interface CliDependencies {
  /** The use cases over the configured storage, made on first use: `keys new` needs no storage. */
  useCases(): Promise<CliUseCases>;
  /** A fresh API key and the SHA-256 digest of it, in hex. */
  newApiKey(): { key: string; digest: string };
  /** Takes over SIGINT and SIGTERM for a long command, which then stops cleanly between steps. */
  watchInterrupts(): Interrupts;
  /** The HTTP service, for `serve`. */
  readonly service: {
    /** Serves until SIGTERM or SIGINT, drains, and resolves with the exit code. */
    run(): Promise<number>;
    /** Every setting with its default and meaning, for `serve --help`, wrapped to `columns`. */
    settingsHelp(columns: number): string;
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
  /** Columns to wrap help text at: the terminal's width, when there is one (else 80). */
  readonly columns?: number | undefined;
  /** stderr, when it is a terminal: progress is drawn there as a bar; otherwise it is plain lines. */
  readonly errTerminal?: NodeJS.WritableStream | undefined;
}

/**
 * A whole number as a command line spells it: decimal digits, an optional minus sign, nothing else.
 * Whether it is in range is the core's rule, which the core checks and words.
 */
function wholeNumber(value: string): number {
  if (!/^-?[0-9]+$/.test(value)) throw new InvalidArgumentError('must be a whole number in decimal digits');
  return Number(value);
}

/** In the words of --json: a restore counts the pets it added and those it found unchanged; a merge adds them all. */
function importSummary(mode: ImportMode, { pets, added, unchanged }: ImportReport): string {
  return mode === 'merge' ? `${petCount(pets)} added` : `${petCount(pets)}, ${added} added, ${unchanged} unchanged`;
}

/** Pages of pets as JSON Lines, a chunk of text a page. */
async function* jsonLines(pages: AsyncIterable<Pet[]>): AsyncGenerator<string> {
  for await (const pets of pages) yield pets.map((pet) => `${petJson(pet)}\n`).join('');
}

/**
 * Not a failure: the service has stopped, drained (0) or with requests cut (124), and the process ends with that code.
 */
export class ServiceStopped extends Error {
  constructor(readonly exitCode: number) {
    super();
  }
}

/** The `petstore` command line: commander parses it and writes help; the core does the rest. */
export function createCliProgram(dependencies: CliDependencies, output: CliOutput): Command {
  const program = new PetstoreCommand('petstore')
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
      getOutHelpWidth: () => output.columns ?? 80,
      getErrHelpWidth: () => output.columns ?? 80,
    })
    .exitOverride();
  const json = () => new Option('--json', 'write JSON (one pet a line) instead of a table');
  const status = () => new Option('--status <status>', 'one of the pet statuses').choices(PET_STATUSES);

  program
    .command('serve')
    .description('serve the API over HTTP until SIGTERM (drained within SHUTDOWN_GRACE and SHUTDOWN_TIMEOUT) or SIGINT')
    .addHelpText('after', () => `\n${dependencies.service.settingsHelp(output.columns ?? 80).trimEnd()}`)
    .exitOverride()
    .action(async () => {
      throw new ServiceStopped(await dependencies.service.run());
    });

  const pets = program.command('pets').description('list, add, get, export and import pets').exitOverride();
  pets
    .command('list')
    .description('list pets in ascending id order, one page')
    .addOption(status())
    .option(
      '--limit <n>',
      `pets in the page, ${PAGE_LIMIT_MIN} to ${PAGE_LIMIT_MAX} (default ${PAGE_LIMIT_DEFAULT})`,
      wholeNumber,
    )
    .option('--after <id>', 'only pets with an id greater than this one', wholeNumber)
    .addOption(json())
    .exitOverride()
    .action(async (options: { status?: PetStatus; limit?: number; after?: number; json?: boolean }) => {
      const { listPets } = await dependencies.useCases();
      const page = await listPets.execute({ status: options.status, limit: options.limit, afterId: options.after });
      output.out(options.json ? page.pets.map((pet) => `${petJson(pet)}\n`).join('') : `${petTable(page.pets)}\n`);
      if (!options.json && page.next?.afterId !== undefined)
        output.err(`more pets follow: add --after ${page.next.afterId}\n`);
    });
  pets
    .command('add')
    .description('add a pet; the storage gives it its id')
    .requiredOption('--name <name>', 'its name')
    .requiredOption('--category-id <id>', 'its category, a whole number', wholeNumber)
    .addOption(status())
    .addOption(json())
    .exitOverride()
    .action(async (options: { name: string; categoryId: number; status?: PetStatus; json?: boolean }) => {
      const { createPet } = await dependencies.useCases();
      const pet = await createPet.execute(newPetOf(options));
      output.out(options.json ? `${petJson(pet)}\n` : `${petTable([pet])}\n`);
    });
  pets
    .command('get')
    .description('show one pet')
    .argument('<id>', 'its id', wholeNumber)
    .addOption(json())
    .exitOverride()
    .action(async (id: number, options: { json?: boolean }) => {
      const { getPet } = await dependencies.useCases();
      const pet = await getPet.execute(id);
      output.out(options.json ? `${petJson(pet)}\n` : `${petTable([pet])}\n`);
    });

  pets
    .command('export')
    .description('write every pet as JSON Lines (one JSON object a line, in id order) to stdout, page by page')
    .addOption(status())
    .exitOverride()
    .action(async (options: { status?: PetStatus }) => {
      const { exportPets } = await dependencies.useCases();
      await output.pipe(jsonLines(exportPets.pages(options.status)));
    });
  pets
    .command('import')
    .description(
      'add the pets of a JSON Lines file (as export writes it); the whole file is checked before anything is ' +
        'written, and a bad line refuses it',
    )
    .argument('<file>', 'the file to read (read more than once: a file, not a pipe)')
    .addOption(
      new Option(
        '--mode <mode>',
        'restore: pets keep their ids, and a re-run adds nothing; merge: every pet is added anew, under a new id',
      )
        .choices(IMPORT_MODES)
        .default('restore'),
    )
    .addOption(new Option('--json', 'write the counts as JSON'))
    .exitOverride()
    .action(async (file: string, options: { mode: ImportMode; json?: boolean }) => {
      const { importPets } = await dependencies.useCases();
      const progress =
        output.errTerminal === undefined
          ? progressLines((text) => {
              output.err(text);
            })
          : progressBar(output.errTerminal);
      const interrupts = dependencies.watchInterrupts();
      let report;
      try {
        report = await importPets.execute(await backupFile(file, progress), options.mode, progress, interrupts.signal);
      } finally {
        // Whichever way the import ends, the bar is ended (cursor shown, its line closed) before anything else is
        // written.
        progress.finish();
        interrupts.release();
      }
      output.out(
        options.json
          ? `${JSON.stringify(report)}\n`
          : `imported ${file} (${options.mode}): ${importSummary(options.mode, report)}\n`,
      );
    });

  const keys = program.command('keys').description('API keys').exitOverride();
  keys
    .command('new')
    .description('make an API key: shown once, with the digest to give the service (API_KEY_DIGESTS)')
    .addOption(new Option('--json', 'write {"key","digest"} as JSON'))
    .exitOverride()
    .action((options: { json?: boolean }) => {
      const { key, digest } = dependencies.newApiKey();
      output.out(
        options.json
          ? `${JSON.stringify({ key, digest })}\n`
          : `API key (shown once; give it to the client): ${key}\n` +
              `SHA-256 digest (for API_KEY_DIGESTS):         ${digest}\n`,
      );
    });
  return program;
}
