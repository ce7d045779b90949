import { spawnSync } from 'node:child_process';
import { chmodSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../adapters/persistence/sqlite/migrations.js';
import { UnusableSchema } from '../../../../adapters/persistence/sqlite/schema-check.js';
import {
  migrate,
  openSqliteDatabase,
  refuseReadOnly,
  SqliteOpenError,
} from '../../../../adapters/persistence/sqlite/sqlite-database.js';
import { whyUnusable, whyUnwritable } from '../../../../adapters/persistence/sqlite/why-unusable.js';
import { SQLITE_DEFAULTS, sqliteFolder } from '../../../support/sqlite.js';

/**
 * Makes the file at `path` one this process cannot write, and says whether it could: by its mode, or,
 * for root, whom modes do not stop, by the immutable flag (where the process may set it).
 */
function unwritable(path: string): boolean {
  if (process.getuid?.() !== 0) {
    chmodSync(path, 0o444);
    return true;
  }
  return spawnSync('chattr', ['+i', path], { stdio: 'ignore' }).status === 0;
}

/** What opening `path` throws, or undefined when it opens. */
function refusalOf(path: string, options = SQLITE_DEFAULTS): unknown {
  try {
    openSqliteDatabase(path, options).close();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('a SQLite database this release cannot use', () => {
  let folder: ReturnType<typeof sqliteFolder>;
  /** A database of this release's schema, then changed by `sql`. */
  const aDatabaseChangedBy = (sql: string): string => {
    const path = folder.path();
    openSqliteDatabase(path, SQLITE_DEFAULTS).close();
    const db = new DatabaseSync(path);
    db.exec(sql);
    db.close();
    return path;
  };
  beforeEach(() => {
    folder = sqliteFolder();
  });
  afterEach(() => {
    folder.remove();
  });

  it('refuses a file from a newer release, to read it too, and leaves it as it was', () => {
    const newer = MIGRATIONS.length + 1;
    const path = aDatabaseChangedBy(`PRAGMA user_version = ${newer}`);
    const words =
      `SQLITE_PATH ${path} was made by a newer release of petstore (schema version ${newer}; this release knows up ` +
      `to ${MIGRATIONS.length}); run that release, or choose another path`;
    for (const readOnly of [false, true]) {
      const refusal = refusalOf(path, { ...SQLITE_DEFAULTS, readOnly });
      expect(refusal).toBeInstanceOf(SqliteOpenError);
      expect((refusal as SqliteOpenError).message).toBe(words);
      expect((refusal as SqliteOpenError).cause).toBeInstanceOf(UnusableSchema);
    }
    const db = new DatabaseSync(path);
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: newer });
    db.close();
  });

  it('takes no step of a database ahead of the steps it knows, and holds no transaction after', () => {
    const db = new DatabaseSync(':memory:');
    db.exec('PRAGMA user_version = 2');
    expect(() => {
      migrate(db, ['CREATE TABLE a (x)']);
    }).toThrow(
      new UnusableSchema(
        'was made by a newer release of petstore (schema version 2; this release knows up to 1); run that release, ' +
          'or choose another path',
      ),
    );
    expect(db.isTransaction).toBe(false);
    expect(db.prepare("SELECT count(*) AS tables FROM sqlite_schema WHERE name = 'a'").get()).toEqual({ tables: 0 });
    migrate(db, ['CREATE TABLE a (x)', 'CREATE TABLE b (y)']);
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: 2 });
    db.close();
  });

  it.each([
    ['DROP TABLE pets', 'table pets is missing'],
    ['DROP TABLE idempotency_keys', 'table idempotency_keys is missing'],
    ['DROP INDEX pets_status_id', 'index pets_status_id is missing'],
    [
      'DROP INDEX pets_origin; CREATE INDEX pets_origin ON pets (origin_client, origin_key)',
      'index pets_origin is not as this release makes it',
    ],
    ['ALTER TABLE pets ADD COLUMN colour TEXT', 'table pets is not as this release makes it'],
    [
      'DROP INDEX pets_status_id; CREATE VIEW pets_status_id AS SELECT 1',
      'index pets_status_id is not as this release makes it',
    ],
  ])('refuses a file changed by "%s": %s', (sql, what) => {
    const path = aDatabaseChangedBy(sql);
    for (const readOnly of [false, true])
      expect(refusalOf(path, { ...SQLITE_DEFAULTS, readOnly })).toMatchObject({
        name: 'SqliteOpenError',
        message:
          `SQLITE_PATH ${path} does not hold the schema its version says (${what}); choose another path and import ` +
          'a backup there',
      });
  });

  it('lets be a table or an index of its own beside the schema', () => {
    const path = aDatabaseChangedBy('CREATE INDEX pets_name ON pets (name); CREATE TABLE notes (text); ANALYZE');
    expect(refusalOf(path)).toBeUndefined();
  });

  it('refuses a loop of symbolic links and a name too long for the file system, naming the path', () => {
    const loop = folder.path('a.db');
    symlinkSync(folder.path('b.db'), loop);
    symlinkSync(loop, folder.path('b.db'));
    expect(refusalOf(loop)).toMatchObject({
      name: 'SqliteOpenError',
      message: `SQLITE_PATH ${loop} is a loop of symbolic links; point it at the database file itself`,
    });
    const long = folder.path(`${'p'.repeat(300)}.db`);
    expect(refusalOf(long)).toMatchObject({
      message: `SQLITE_PATH ${long} has a name too long for the file system; choose a shorter path`,
    });
  });

  it('refuses a file this process cannot write, unless it only reads, where it reads its pets', (context) => {
    const path = folder.path();
    const db = openSqliteDatabase(path, SQLITE_DEFAULTS);
    db.exec("INSERT INTO pets (name, category_id) VALUES ('Rex', 1)");
    db.close();
    if (!unwritable(path)) context.skip();
    try {
      expect(refusalOf(path)).toMatchObject({
        name: 'SqliteOpenError',
        message: `SQLITE_PATH ${path} cannot be written by this user (permission denied)`,
        cause: { code: 'ERR_SQLITE_ERROR', errcode: 8 },
      });
      const reader = openSqliteDatabase(path, { ...SQLITE_DEFAULTS, readOnly: true });
      expect(reader.prepare('SELECT name FROM pets').all()).toEqual([{ name: 'Rex' }]);
      reader.close();
    } finally {
      spawnSync('chattr', ['-i', path], { stdio: 'ignore' });
    }
  });

  describe('a write begun and rolled back, to find out that a file cannot be written', () => {
    it('fails as a file SQLite opened read-only fails its first write, and leaves no transaction', () => {
      const path = folder.path();
      openSqliteDatabase(path, SQLITE_DEFAULTS).close();
      const readOnly = new DatabaseSync(path, { readOnly: true });
      expect(() => {
        refuseReadOnly(readOnly);
      }).toThrow(expect.objectContaining({ code: 'ERR_SQLITE_ERROR', errcode: 8 }));
      expect(readOnly.isTransaction).toBe(false);
      readOnly.close();
    });

    it('changes nothing in a file that can be written: its version as it was, and not a frame more in its log', () => {
      const db = openSqliteDatabase(folder.path(), SQLITE_DEFAULTS);
      const logSize = statSync(folder.path('petstore.db-wal')).size;
      refuseReadOnly(db);
      expect(db.isTransaction).toBe(false);
      expect(statSync(folder.path('petstore.db-wal')).size).toBe(logSize);
      expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: MIGRATIONS.length });
      db.close();
    });
  });

  describe('why, in words a person acts on', () => {
    it("gives a schema refusal its own words, and a refusal the file system has no words for in SQLite's", () => {
      expect(whyUnusable(folder.path(), new UnusableSchema('is odd'))).toBe('is odd');
      writeFileSync(folder.path(), '');
      const readOnly = Object.assign(new Error('attempt to write a readonly database'), { errcode: 8 });
      expect(whyUnusable(folder.path(), readOnly)).toBe('cannot be used: attempt to write a readonly database');
    });

    /** The file system's answer to a write check, by path: a refusal's code, or nothing when it may be written. */
    const fileSystem = (answers: Record<string, string | undefined>) => (path: string) => {
      const code = path in answers ? answers[path] : 'ENOENT';
      if (code !== undefined) throw Object.assign(new Error(code), { code });
    };

    it.each([
      [
        'EACCES',
        'is in a folder this user cannot write (permission denied); SQLite writes its -wal and -shm files beside the database',
      ],
      [
        'EPERM',
        'is in a folder this user cannot write (permission denied); SQLite writes its -wal and -shm files beside the database',
      ],
      ['EROFS', 'is on a read-only file system; point it at a writable place, such as a mounted volume'],
      ['EIO', undefined],
    ])('names %s where the file may be written but not its folder', (code, words) => {
      expect(whyUnwritable('/srv/pets.db', fileSystem({ '/srv/pets.db': undefined, '/srv': code }))).toBe(words);
    });

    it('speaks of the file, not its folder, when the file itself is refused', () => {
      expect(whyUnwritable('/srv/pets.db', fileSystem({ '/srv/pets.db': 'EACCES', '/srv': 'EACCES' }))).toBe(
        'cannot be written by this user (permission denied)',
      );
    });
  });
});
