import { Option } from 'commander';
import { IMPORT_MODES, type ImportMode } from '@petstore/core/backup.js';
import type { ImportReport } from '@petstore/core/use-cases/import-pets.js';
import { backupFile } from '../../backup-file.js';
import type { AddCommand } from '../../cli-dependencies.js';
import { petCount, progressBar, progressLines } from '../../import-progress.js';

/** In the words of --json: a restore counts the pets it added and those it found unchanged; a merge adds them all. */
function importSummary(mode: ImportMode, { pets, added, unchanged }: ImportReport): string {
  return mode === 'merge' ? `${petCount(pets)} added` : `${petCount(pets)}, ${added} added, ${unchanged} unchanged`;
}

/** `petstore pets import <file>`: progress on stderr, the counts on stdout; SIGINT or SIGTERM stop it between steps. */
export const addPetsImportCommand: AddCommand = (pets, dependencies, output) => {
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
    .action(async (file: string, options: { mode: ImportMode; json?: boolean }) => {
      const importPets = await dependencies.useCase('importPets');
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
};
