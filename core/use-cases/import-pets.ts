import type { BackupEntry, ImportMode } from '../backup.js';
import { ImportInterrupted, ImportRefused, ImportStopped } from '../errors.js';
import { PET_ID_MAX, petOf, type Pet, type PetId } from '../pet.js';
import type { PetRestore } from '../ports.js';
import type { CreatePet } from './create-pet.js';

/**
 * Checking reads the whole backup before anything is written; a restore then reserves the backup's
 * ids and confirms them, reading it again for what storage took meanwhile; writing stores it.
 */
export type ImportPhase = 'checking' | 'confirming' | 'writing';
type CheckPhase = Exclude<ImportPhase, 'writing'>;

/** The phases of an import, in order, by mode: a restore confirms its checks once it has reserved the backup's ids. */
export const IMPORT_PHASES: Readonly<Record<ImportMode, readonly ImportPhase[]>> = {
  restore: ['checking', 'confirming', 'writing'],
  merge: ['checking', 'writing'],
};

/** A backup to import, read two or three times: to check every entry, (for a restore) to confirm, and to write. */
export interface Backup {
  /** The entries in order, the same on each read; a bad entry throws ImportRefused with its place. */
  entries(phase: ImportPhase): AsyncIterable<BackupEntry>;
  /** The backup's name, for messages: "pets.ndjson". */
  readonly name: string;
  /** A place in the reader's words, for messages: "line 3". */
  where(place: number): string;
}

export interface ImportProgress {
  /** `done` of `total` pets written. Checking and confirming report their own progress, in what the backup counts. */
  update(phase: ImportPhase, done: number, total: number): void;
  /** The phase updated last is over. */
  finish(): void;
}

export interface ImportReport {
  /** Pets in the backup. */
  readonly pets: number;
  /** Pets stored by this import. */
  readonly added: number;
  /** Pets a restore found stored already, the same. */
  readonly unchanged: number;
}

/** How to finish an import that stopped part way. */
const STOPPED_HINT: Readonly<Record<ImportMode, string>> = {
  restore: 'run the same import again to finish (a restore passes over whatever it wrote already)',
  merge: 'import only the pets from there on, or the pets before it are added twice',
};

/** Why a restore refuses an entry whose id holds another pet: there before the import, or created while it checked. */
const CONFLICT_REASON: Readonly<Record<CheckPhase, (id: PetId) => string>> = {
  checking: (id) => `pet ${id} is stored already with other fields; a restore never overwrites a pet`,
  confirming: (id) =>
    `pet ${id} was created while the backup was checked, under an id the backup holds; ` +
    'a restore never overwrites a pet ' +
    '(restore into a new file before a service uses it, or while nothing creates pets)',
};

/** Pets checked against storage, and restored, in one call. */
export const IMPORT_BATCH = 1000;

/**
 * Imports a backup, all or nothing as far as the backup goes: a first pass reads every entry and
 * checks it (and, for a restore, against what storage holds), so a bad entry anywhere refuses the
 * backup before anything is written. A restore then reserves the backup's ids, so that no create,
 * from this process or a service sharing the storage, can take one of them, and checks against
 * storage again for what was created before the reservation. Only storage failing, or an
 * interruption, while writing can leave part of it written, and then ImportStopped says up to where.
 */
export class ImportPets {
  constructor(
    private readonly createPet: CreatePet,
    private readonly petRestore: PetRestore,
  ) {}

  async execute(
    backup: Backup,
    mode: ImportMode,
    progress: ImportProgress,
    interruption?: AbortSignal,
  ): Promise<ImportReport> {
    const { count, lastId } = await this.check(backup, mode, 'checking', interruption);
    progress.finish();
    if (mode === 'restore') {
      if (lastId !== undefined) await this.petRestore.reserveIds(lastId);
      await this.check(backup, mode, 'confirming', interruption);
      progress.finish();
    }
    const writing = new Writing(backup, mode, interruption);
    const added = await writing.run(() =>
      mode === 'restore' ? this.restore(writing, count, progress) : this.merge(writing, count, progress),
    );
    progress.finish();
    return { pets: count, added, unchanged: count - added };
  }

  /**
   * Reads the backup through, checking each entry; a restore's, against storage too. Its count, and a restore's last
   * id.
   */
  private async check(
    backup: Backup,
    mode: ImportMode,
    phase: CheckPhase,
    interruption: AbortSignal | undefined,
  ): Promise<{ count: number; lastId: PetId | undefined }> {
    let count = 0;
    let previous: BackupEntry | undefined;
    let batch: BackupEntry[] = [];
    const checkBatch = async () => {
      const [conflict] = await this.petRestore.conflictsOf(batch.map(storedPet));
      const conflicting = batch.find((entry) => entry.id === conflict);
      if (conflicting !== undefined) {
        throw refusal(backup, conflicting, CONFLICT_REASON[phase](conflicting.id as PetId));
      }
      batch = [];
    };
    for await (const entry of backup.entries(phase)) {
      if (interruption?.aborted === true) throw new ImportInterrupted(interruption.reason);
      count += 1;
      if (mode === 'merge') continue;
      if (entry.id === undefined)
        throw refusal(backup, entry, "no id: a restore keeps each pet's id (use --mode merge to give pets new ids)");
      if (previous?.id !== undefined && entry.id <= previous.id) {
        throw refusal(
          backup,
          entry,
          `id ${entry.id} does not follow id ${previous.id} (${backup.where(previous.place)}): ` +
            'a restore takes ids in ascending order, each once',
        );
      }
      if (entry.id === PET_ID_MAX) {
        throw refusal(
          backup,
          entry,
          `id ${entry.id} is the last pet id: restored, it would leave no id for creates, and every create ` +
            'would be refused (restore the backup with --mode merge to give its pets new ids)',
        );
      }
      previous = entry;
      batch.push(entry);
      if (batch.length === IMPORT_BATCH) await checkBatch();
    }
    if (batch.length > 0) await checkBatch();
    return { count, lastId: previous?.id };
  }

  private async restore(writing: Writing, count: number, progress: ImportProgress): Promise<number> {
    let added = 0;
    let batch: BackupEntry[] = [];
    const restoreBatch = async () => {
      const first = batch[0] as BackupEntry;
      writing.stopIfInterrupted(first);
      const outcome = await this.petRestore.restore(batch.map(storedPet)).catch((error: unknown) => {
        throw writing.stoppedAt(first, error);
      });
      added += outcome.added;
      writing.written += batch.length;
      batch = [];
      progress.update('writing', writing.written, count);
    };
    for await (const entry of writing.backup.entries('writing')) {
      batch.push(entry);
      if (batch.length === IMPORT_BATCH) await restoreBatch();
    }
    if (batch.length > 0) await restoreBatch();
    return added;
  }

  private async merge(writing: Writing, count: number, progress: ImportProgress): Promise<number> {
    for await (const entry of writing.backup.entries('writing')) {
      writing.stopIfInterrupted(entry);
      await this.createPet.execute(entry.newPet).catch((error: unknown) => {
        throw writing.stoppedAt(entry, error);
      });
      writing.written += 1;
      if (writing.written % IMPORT_BATCH === 0 || writing.written === count)
        progress.update('writing', writing.written, count);
    }
    return writing.written;
  }
}

/** The second pass: how far it got, and the ImportStopped that says so when it stops. */
class Writing {
  /** Pets written so far. */
  written = 0;

  constructor(
    readonly backup: Backup,
    private readonly mode: ImportMode,
    private readonly interruption: AbortSignal | undefined,
  ) {}

  /** A backup changed since its check refuses an entry now, and that stops the import where the change is. */
  async run(write: () => Promise<number>): Promise<number> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof ImportRefused && error.place !== undefined)
        throw this.stoppedAt({ place: error.place }, error);
      throw error;
    }
  }

  /** Checked between writes, never inside one. */
  stopIfInterrupted(next: BackupEntry): void {
    if (this.interruption?.aborted === true)
      throw this.stoppedAt(next, new ImportInterrupted(this.interruption.reason));
  }

  stoppedAt({ place }: Pick<BackupEntry, 'place'>, cause: unknown): ImportStopped {
    return new ImportStopped(place, this.backup.where(place), this.written, STOPPED_HINT[this.mode], { cause });
  }
}

/** The refusal of a backup for what is wrong at `place`, named in the backup's words. */
export function refusalAt(backup: Backup, place: number, reason: string): ImportRefused {
  return new ImportRefused(place, `${backup.name} ${backup.where(place)}`, reason);
}

function refusal(backup: Backup, entry: BackupEntry, reason: string): ImportRefused {
  return refusalAt(backup, entry.place, reason);
}

/** A checked entry as the pet a restore stores: only restore, where every entry has an id, calls this. */
function storedPet({ id, newPet }: BackupEntry): Pet {
  return petOf(id as number, newPet);
}
