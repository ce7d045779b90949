import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { BackupEntry } from '@petstore/core/backup.js';
import { ImportRefused } from '@petstore/core/errors.js';
import { refusalAt, type Backup, type ImportPhase, type ImportProgress } from '@petstore/core/use-cases/import-pets.js';
import { ndjsonLines, UnreadableLine } from './ndjson-lines.js';
import { InvalidPetLine, petOfLine } from './pet-line.js';

/** One line of a pet is far below this (a 200-character name, escaped, is 1,200 bytes); a longer line is not one. */
const MAX_LINE_BYTES = 64 * 1024;

/**
 * A JSON Lines file as a backup: an entry a line, its place the line number. Blank lines are
 * passed over. The file is read more than once, so it must be a regular file, not a pipe; while it
 * is checked or confirmed, progress counts its bytes.
 */
export async function backupFile(file: string, progress: ImportProgress): Promise<Backup> {
  const size = await regularFileSize(file);
  const backup: Backup = {
    name: file,
    where: (line) => `line ${line}`,
    entries: (phase: ImportPhase) =>
      entriesOf(
        backup,
        phase === 'writing'
          ? undefined
          : (bytes) => {
              progress.update(phase, bytes, size);
            },
      ),
  };
  return backup;
}

async function regularFileSize(file: string): Promise<number> {
  const stats = await stat(file).catch((error: unknown) => {
    const { code, message } = error as NodeJS.ErrnoException;
    throw new ImportRefused(undefined, file, `cannot be read (${code === 'ENOENT' ? 'no such file' : message})`);
  });
  if (!stats.isFile())
    throw new ImportRefused(
      undefined,
      file,
      'is not a regular file: an import reads its file more than once (check, then write)',
    );
  return stats.size;
}

async function* entriesOf(backup: Backup, onBytesRead?: (bytes: number) => void): AsyncGenerator<BackupEntry> {
  const refused = (line: number, reason: string) => refusalAt(backup, line, reason);
  const lines = ndjsonLines(bytesOf(backup.name, onBytesRead), MAX_LINE_BYTES);
  try {
    for await (const { number, text } of lines) {
      if (text.trim() === '') continue;
      let pet;
      try {
        pet = petOfLine(text);
      } catch (error) {
        throw error instanceof InvalidPetLine ? refused(number, error.message) : error;
      }
      yield { ...pet, place: number };
    }
  } catch (error) {
    throw error instanceof UnreadableLine ? refused(error.line, error.message) : error;
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
