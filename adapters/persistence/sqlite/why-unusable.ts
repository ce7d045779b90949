// Why SQLite could not open a database, in words a person acts on: SQLite says only "unable to open
// database file" for most of what can be wrong, and the file system tells which it is.
import { accessSync, constants, statSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import { UnusableSchema } from './schema-check.js';

/** SQLite's primary result code for a file that is not a database. */
const SQLITE_NOTADB = 26;

const ON_A_READ_ONLY_FILE_SYSTEM =
  'is on a read-only file system; point it at a writable place, such as a mounted volume';

/** What a person does about a path the process may not write, by the file system's error code. */
const WRITE_REFUSALS: ReadonlyMap<string | undefined, string> = new Map([
  ['EROFS', ON_A_READ_ONLY_FILE_SYSTEM],
  ['EACCES', 'cannot be written by this user (permission denied)'],
  ['EPERM', 'cannot be written by this user (permission denied)'],
  ['ENOTDIR', 'cannot be created: part of its folder path is a file'],
]);

const IN_A_FOLDER_NOT_WRITABLE =
  'is in a folder this user cannot write (permission denied); SQLite writes its -wal and -shm files beside the database';

/** The same, for the folder of a file that may itself be written: SQLite writes beside the file too. */
const FOLDER_WRITE_REFUSALS: ReadonlyMap<string | undefined, string> = new Map([
  ['EROFS', ON_A_READ_ONLY_FILE_SYSTEM],
  ['EACCES', IN_A_FOLDER_NOT_WRITABLE],
  ['EPERM', IN_A_FOLDER_NOT_WRITABLE],
]);

/** What a person does about a path the file system cannot even look up, by its error code. */
const LOOKUP_REFUSALS: ReadonlyMap<string | undefined, string> = new Map([
  ['ELOOP', 'is a loop of symbolic links; point it at the database file itself'],
  ['ENAMETOOLONG', 'has a name too long for the file system; choose a shorter path'],
]);

/** Why the database at `path` could not be opened, `error` being what opening it threw. */
export function whyUnusable(path: string, error: unknown): string {
  if (error instanceof UnusableSchema) return error.message;
  let found: Stats | undefined;
  try {
    found = statSync(path, { throwIfNoEntry: false });
  } catch (refusal) {
    const { code } = refusal as NodeJS.ErrnoException;
    return LOOKUP_REFUSALS.get(code) ?? `cannot be looked up (${String(code)})`;
  }
  if (found?.isDirectory() === true) return 'is a folder; give the path of a database file in it';
  // The low byte of an extended result code is its primary code.
  if (((error as { errcode?: number }).errcode ?? 0) % 256 === SQLITE_NOTADB)
    return 'is not a SQLite database; move that file away or choose another path';
  return whyUnwritable(path) ?? `cannot be used: ${(error as Error).message}`;
}

/**
 * Why this process cannot write the database at `path`: asked of the path and, while they do not
 * exist yet, of the folders above it, then of the file's folder, where SQLite writes its -wal and
 * -shm files. Undefined when it can, or when the reason has no words here.
 */
export function whyUnwritable(
  path: string,
  access: (path: string, mode: number) => void = accessSync,
): string | undefined {
  return (
    WRITE_REFUSALS.get(writeRefusal(path, access)) ?? FOLDER_WRITE_REFUSALS.get(writeRefusal(dirname(path), access))
  );
}

/** The file system's code for refusing a write at `path`, or at the nearest folder above it that exists. */
function writeRefusal(path: string, access: (path: string, mode: number) => void): string | undefined {
  for (let candidate = path; ; candidate = dirname(candidate)) {
    try {
      access(candidate, constants.W_OK);
      return undefined;
    } catch (refusal) {
      const { code } = refusal as NodeJS.ErrnoException;
      if (code !== 'ENOENT' || dirname(candidate) === candidate) return code;
    }
  }
}
