import { spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../adapters/persistence/sqlite/migrations.js';
import { openSqliteDatabase } from '../../adapters/persistence/sqlite/sqlite-database.js';
import { PETSTORE_BIN, ROOT } from '../support/petstore-command.js';
import { killIfRunning, watchProcess, type ServiceProcess } from '../support/service-process.js';
import { SQLITE_DEFAULTS } from '../support/sqlite.js';

/**
 * Root passes every mode check by the capabilities that override them, so a test run as root runs the
 * commands without those (util-linux's setpriv): a file's mode and owner then bind them as they bind any
 * service account. Another user, of paths that user may not reach, would need the checkout readable
 * to all; root's own commands read it wherever it is.
 */
const AS_ROOT = process.getuid?.() === 0;
const OVERRIDES = '-dac_override,-dac_read_search,-fowner';
const WITHOUT_OVERRIDES = AS_ROOT ? ['setpriv', `--inh-caps=${OVERRIDES}`, `--bounding-set=${OVERRIDES}`, '--'] : [];

/** Every process a test started, killed after it if it is still running. */
const started: ServiceProcess[] = [];

/** `petstore <args>`, on SQLite at `path`, bound by modes and owners (see WITHOUT_OVERRIDES). */
function petstore(args: readonly string[], path: string): ServiceProcess {
  const [program, ...before] = [...WITHOUT_OVERRIDES, process.execPath];
  const command = watchProcess(
    spawn(program, [...before, PETSTORE_BIN, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', PORT: '0', API_KEYS: 'k', STORAGE: 'sqlite', SQLITE_PATH: path },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  started.push(command);
  return command;
}

describe('a database file the service cannot use', () => {
  let folder: string;
  /** A database of this release's schema at `name` in the folder, holding `pets`. */
  const aDatabase = (name = 'pets.db', pets: readonly string[] = []): string => {
    const path = join(folder, name);
    const db = openSqliteDatabase(path, SQLITE_DEFAULTS);
    for (const pet of pets) db.prepare('INSERT INTO pets (name, category_id) VALUES (?, 1)').run(pet);
    db.close();
    return path;
  };
  const changed = (path: string, sql: string): string => {
    const db = new DatabaseSync(path);
    db.exec(sql);
    db.close();
    return path;
  };

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'petstore-unusable-'));
  });
  afterEach(async () => {
    for (const command of started.splice(0)) await killIfRunning(command);
    chmodSync(folder, 0o700);
    rmSync(folder, { recursive: true, force: true });
  });

  const cases: [string, () => string, string][] = [
    [
      'a file of mode 444',
      () => {
        const path = aDatabase();
        chmodSync(path, 0o444);
        return path;
      },
      'cannot be written by this user (permission denied)',
    ],
    [
      'a file in a folder that cannot hold its -wal and -shm files',
      () => {
        const path = aDatabase();
        chmodSync(folder, 0o555);
        return path;
      },
      'is in a folder this user cannot write (permission denied); SQLite writes its -wal and -shm files beside the database',
    ],
    [
      'a loop of symbolic links',
      () => {
        symlinkSync(join(folder, 'b.db'), join(folder, 'a.db'));
        symlinkSync(join(folder, 'a.db'), join(folder, 'b.db'));
        return join(folder, 'a.db');
      },
      'is a loop of symbolic links; point it at the database file itself',
    ],
    [
      'a file from a newer release',
      () => changed(aDatabase(), `PRAGMA user_version = ${MIGRATIONS.length + 1}`),
      `was made by a newer release of petstore (schema version ${MIGRATIONS.length + 1}; this release knows up to ` +
        `${MIGRATIONS.length}); run that release, or choose another path`,
    ],
    [
      'a file whose pets table was dropped',
      () => changed(aDatabase(), 'DROP TABLE pets'),
      'does not hold the schema its version says (table pets is missing); choose another path and import a backup there',
    ],
    [
      'a file whose index was changed',
      () => changed(aDatabase(), 'DROP INDEX pets_origin; CREATE INDEX pets_origin ON pets (origin_key)'),
      'does not hold the schema its version says (index pets_origin is not as this release makes it); choose another ' +
        'path and import a backup there',
    ],
    [
      'a file that is not a database',
      () => {
        writeFileSync(join(folder, 'notes.txt'), 'not a database\n'.repeat(200));
        return join(folder, 'notes.txt');
      },
      'is not a SQLite database; move that file away or choose another path',
    ],
    [
      'a folder',
      () => {
        mkdirSync(join(folder, 'pets.db'));
        return join(folder, 'pets.db');
      },
      'is a folder; give the path of a database file in it',
    ],
  ];

  it.each(cases)('%s stops petstore serve with one line naming SQLITE_PATH, exit 1', async (_, make, reason) => {
    const path = make();
    const service = petstore(['serve'], path);
    expect(await service.exited).toBe(1);
    expect(service.output()).toBe(`petstore: failed to start: SQLITE_PATH ${path} ${reason}\n`);
  });

  // Only root can give a file away.
  it.runIf(AS_ROOT)(
    "another user's file, which this user may read but not write, stops petstore serve the same way",
    async () => {
      const path = aDatabase();
      chownSync(path, 65534, 65534);
      chmodSync(path, 0o644);
      const service = petstore(['serve'], path);
      expect(await service.exited).toBe(1);
      expect(service.output()).toBe(
        `petstore: failed to start: SQLITE_PATH ${path} cannot be written by this user (permission denied)\n`,
      );
    },
  );

  describe('of mode 444', () => {
    let path: string;
    beforeEach(() => {
      path = aDatabase('pets.db', ['Rex', 'Tom']);
      chmodSync(path, 0o444);
    });

    it('still lists, shows and exports its pets: those commands only read', async () => {
      const listed = petstore(['pets', 'list', '--json'], path);
      expect(await listed.exited).toBe(0);
      expect(listed.logLines().map(({ id, name }) => [id, name])).toEqual([
        [1, 'Rex'],
        [2, 'Tom'],
      ]);
      expect(listed.output()).toBe(
        listed
          .logLines()
          .map((pet) => `${JSON.stringify(pet)}\n`)
          .join(''),
      );

      const shown = petstore(['pets', 'get', '2', '--json'], path);
      expect(await shown.exited).toBe(0);
      expect(shown.logLines()).toEqual([expect.objectContaining({ id: 2, name: 'Tom' })]);

      const exported = petstore(['pets', 'export'], path);
      expect(await exported.exited).toBe(0);
      expect(exported.output()).toBe('{"id":1,"name":"Rex","categoryId":1}\n{"id":2,"name":"Tom","categoryId":1}\n');
    });

    it('refuses pets import and pets add with one line naming SQLITE_PATH, exit 1, and is unchanged', async () => {
      const backup = join(folder, 'backup.ndjson');
      const exported = petstore(['pets', 'export'], path);
      expect(await exported.exited).toBe(0);
      writeFileSync(backup, exported.output());
      const refusal = `petstore: SQLITE_PATH ${path} cannot be written by this user (permission denied)\n`;

      const imported = petstore(['pets', 'import', backup, '--mode', 'merge'], path);
      expect(await imported.exited).toBe(1);
      expect(imported.output()).toBe(refusal);
      const added = petstore(['pets', 'add', '--name', 'Kit', '--category-id', '1'], path);
      expect(await added.exited).toBe(1);
      expect(added.output()).toBe(refusal);

      const listed = petstore(['pets', 'list', '--json'], path);
      expect(await listed.exited).toBe(0);
      expect(listed.logLines().map(({ name }) => name)).toEqual(['Rex', 'Tom']);
    });
  });
});
