import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { petOf, type Pet } from '../../core/pet.js';
import type { CreatePet } from '../../core/use-cases/create-pet.js';
import type { PetRestore } from '../persistence/pet-restore.js';
import { Interrupted, type InterruptSignal } from './interrupted.js';
import { ndjsonLines, UnreadableLine } from './ndjson-lines.js';
import { InvalidPetLine, petOfLine, type PetLine } from './pet-line.js';

/** `restore` keeps each pet's id (a re-run adds nothing); `merge` adds every pet anew, under new ids. */
export const IMPORT_MODES = ['restore', 'merge'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** Checking reads the whole file before anything is written; writing then stores it. */
export type ImportPhase = 'checking' | 'writing';

export interface ImportProgress {
  /** `done` of `total`: bytes of the file while checking, pets while writing. */
  update(phase: ImportPhase, done: number, total: number): void;
  /** The phase updated last is over. */
  finish(): void;
}

/** Where an import writes: the core's CreatePet for a merge, the storage's restore for a restore. */
export interface ImportTargets {
  readonly createPet: CreatePet;
  readonly petRestore: PetRestore;
}

export interface ImportReport {
  /** Pets in the file. */
  readonly pets: number;
  /** Pets stored by this import. */
  readonly added: number;
  /** Pets a restore found stored already, the same. */
  readonly unchanged: number;
}

/** The file cannot be imported as it is; nothing of it was written. */
export class ImportRefused extends Error {
  constructor(
    file: string,
    readonly line: number | undefined,
    reason: string,
  ) {
    super(`${file}${line === undefined ? '' : ` line ${line}`}: ${reason}`);
    this.name = 'ImportRefused';
  }
}

/** Writing stopped part way: the pets of the lines before `line` are stored, the rest are not. */
export class ImportStopped extends Error {
  constructor(
    readonly line: number,
    readonly written: number,
    mode: ImportMode,
    options: { cause: unknown },
  ) {
    super(`the import stopped at line ${line}: the ${written} pets before it are written; ${STOPPED_HINT[mode]}`, options);
    this.name = 'ImportStopped';
  }
}

const STOPPED_HINT: Readonly<Record<ImportMode, string>> = {
  restore: 'run the same import again to finish (a restore passes over whatever it wrote already)',
  merge: 'import only the lines from there on, or the pets before it are added twice',
};

/** A line's pet with the line it came from. */
interface FilePet extends PetLine {
  readonly line: number;
}

/** One line of a pet is far below this (a 200-character name, escaped, is 1,200 bytes); a longer line is not one. */
export const MAX_LINE_BYTES = 64 * 1024;
/** Pets checked against storage, and restored, in one call. */
export const IMPORT_BATCH = 1000;

/**
 * Imports a JSON Lines file, all or nothing as far as the file goes: a first pass reads every
 * line and checks it by the core's rules (and, for a restore, against what storage holds), so a
 * bad line anywhere refuses the file before anything is written. Only storage failing during the
 * second pass can leave part of a file written, and then ImportStopped says up to which line.
 */
export async function importPets(
  file: string,
  mode: ImportMode,
  targets: ImportTargets,
  progress: ImportProgress,
  interruption?: AbortSignal,
): Promise<ImportReport> {
  const size = await regularFileSize(file);
  const count = await checkFile(file, size, mode, targets.petRestore, progress, interruption);
  return mode === 'restore'
    ? restoreFile(file, count, targets.petRestore, progress, interruption)
    : mergeFile(file, count, targets.createPet, progress, interruption);
}

/** An interruption, once asked for, as the error that stops the import where it stands: checked between pets, never inside a write. */
function stopIfInterrupted(interruption: AbortSignal | undefined, stopped: (signal: InterruptSignal) => Error): void {
  if (interruption?.aborted === true) throw stopped(interruption.reason as InterruptSignal);
}

/** Import reads the file twice, so it must be a file that can be read twice, not a pipe. */
async function regularFileSize(file: string): Promise<number> {
  const stats = await stat(file).catch((error: unknown) => {
    const { code, message } = error as NodeJS.ErrnoException;
    throw new ImportRefused(file, undefined, `cannot be read (${code === 'ENOENT' ? 'no such file' : message})`);
  });
  if (!stats.isFile()) throw new ImportRefused(file, undefined, 'is not a regular file: an import reads its file twice (check, then write)');
  return stats.size;
}

async function checkFile(
  file: string,
  size: number,
  mode: ImportMode,
  petRestore: PetRestore,
  progress: ImportProgress,
  interruption: AbortSignal | undefined,
): Promise<number> {
  let count = 0;
  let previous: FilePet | undefined;
  let batch: FilePet[] = [];
  const checkBatch = async () => {
    const [conflict] = await petRestore.conflictsOf(batch.map(storedPet));
    const conflicting = batch.find((pet) => pet.id === conflict);
    if (conflicting !== undefined) {
      throw new ImportRefused(file, conflicting.line, `pet ${conflicting.id} is stored already with other fields; a restore never overwrites a pet`);
    }
    batch = [];
  };
  for await (const pet of filePets(file, (bytes) => { progress.update('checking', bytes, size); })) {
    stopIfInterrupted(interruption, (signal) => new Interrupted(signal, 'nothing was imported'));
    count += 1;
    if (mode === 'merge') continue;
    if (pet.id === undefined) throw new ImportRefused(file, pet.line, 'no id: a restore keeps each pet\'s id (use --mode merge to give pets new ids)');
    if (previous?.id !== undefined && pet.id <= previous.id) {
      throw new ImportRefused(file, pet.line, `id ${pet.id} does not follow id ${previous.id} (line ${previous.line}): a restore takes ids in ascending order, each once`);
    }
    previous = pet;
    batch.push(pet);
    if (batch.length === IMPORT_BATCH) await checkBatch();
  }
  if (batch.length > 0) await checkBatch();
  progress.finish();
  return count;
}

async function restoreFile(
  file: string,
  count: number,
  petRestore: PetRestore,
  progress: ImportProgress,
  interruption: AbortSignal | undefined,
): Promise<ImportReport> {
  let added = 0;
  let done = 0;
  let batch: FilePet[] = [];
  const restoreBatch = async () => {
    const first = batch[0] as FilePet;
    stopIfInterrupted(interruption, (signal) => new ImportStopped(first.line, done, 'restore', { cause: new Interrupted(signal) }));
    const outcome = await petRestore.restore(batch.map(storedPet)).catch((error: unknown) => {
      throw new ImportStopped(first.line, done, 'restore', { cause: error });
    });
    added += outcome.added;
    done += batch.length;
    batch = [];
    progress.update('writing', done, count);
  };
  await writing(async () => {
    for await (const pet of filePets(file)) {
      batch.push(pet);
      if (batch.length === IMPORT_BATCH) await restoreBatch();
    }
    if (batch.length > 0) await restoreBatch();
  }, 'restore', () => done);
  progress.finish();
  return { pets: count, added, unchanged: count - added };
}

async function mergeFile(
  file: string,
  count: number,
  createPet: CreatePet,
  progress: ImportProgress,
  interruption: AbortSignal | undefined,
): Promise<ImportReport> {
  let done = 0;
  await writing(async () => {
    for await (const pet of filePets(file)) {
      stopIfInterrupted(interruption, (signal) => new ImportStopped(pet.line, done, 'merge', { cause: new Interrupted(signal) }));
      await createPet.execute(pet.newPet).catch((error: unknown) => {
        throw new ImportStopped(pet.line, done, 'merge', { cause: error });
      });
      done += 1;
      if (done % IMPORT_BATCH === 0 || done === count) progress.update('writing', done, count);
    }
  }, 'merge', () => done);
  progress.finish();
  return { pets: count, added: done, unchanged: 0 };
}

/** The second pass: a file changed since it was checked stops the import where the change is. */
async function writing(write: () => Promise<void>, mode: ImportMode, written: () => number): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (error instanceof ImportRefused && error.line !== undefined) throw new ImportStopped(error.line, written(), mode, { cause: error });
    throw error;
  }
}

/** The pets of a file, line by line; a line that is not one refuses the file with its number. Blank lines are passed over. */
async function* filePets(file: string, onBytesRead?: (bytes: number) => void): AsyncGenerator<FilePet> {
  const lines = ndjsonLines(bytesOf(file, onBytesRead), MAX_LINE_BYTES);
  try {
    for await (const { number, text } of lines) {
      if (text.trim() === '') continue;
      yield { ...petOfLineNumbered(file, text, number), line: number };
    }
  } catch (error) {
    if (error instanceof UnreadableLine) throw new ImportRefused(file, error.line, error.message);
    throw error;
  }
}

function petOfLineNumbered(file: string, text: string, line: number): PetLine {
  try {
    return petOfLine(text);
  } catch (error) {
    throw error instanceof InvalidPetLine ? new ImportRefused(file, line, error.message) : error;
  }
}

async function* bytesOf(file: string, onBytesRead?: (bytes: number) => void): AsyncGenerator<Buffer> {
  let read = 0;
  for await (const chunk of createReadStream(file)) {
    read += (chunk as Buffer).length;
    onBytesRead?.(read);
    yield chunk as Buffer;
  }
}

/** A checked line as the pet a restore stores: only restore, where every line has an id, calls this. */
function storedPet({ id, newPet }: FilePet): Pet {
  return petOf(id as number, newPet);
}
