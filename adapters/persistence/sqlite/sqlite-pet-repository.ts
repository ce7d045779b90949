import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { assertReservable, assertRestorable, sameFields, type RestoreCount } from '@petstore/core/backup.js';
import { PetIdsExhausted, RestoreConflict } from '@petstore/core/errors.js';
import { namesRequest, type PetAddedOnce, type PetOrigin } from '@petstore/core/idempotency.js';
import type { PetPageQuery } from '@petstore/core/paging.js';
import { PET_ID_MAX, type NewPet, type Pet, type PetId } from '@petstore/core/pet.js';
import type { PetRepository, PetRestore } from '@petstore/core/ports.js';
import { groupCommitOf, type GroupCommit } from './group-commit.js';
import { PageCache } from './page-cache.js';
import { PAGE_QUERIES, PageStatements, returningArrays } from './page-statements.js';
import {
  columnValuesOf,
  NEW_PET_COLUMNS,
  NEW_PET_PLACEHOLDERS,
  PET_COLUMNS,
  petOfRow,
  type PetRow,
} from './pet-rows.js';
import { isBusy, translateStorageErrors } from './storage-errors.js';

/**
 * An insert's guard: AUTOINCREMENT would go on past PET_ID_MAX (and the row would not read back as a number), so
 * an insert is made only while the sequence, which records the highest id ever stored, is below it.
 */
const WHILE_IDS_ARE_LEFT = `WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'pets' AND seq >= ${PET_ID_MAX})`;

/** The pet an insert guarded by WHILE_IDS_ARE_LEFT stored; none when no id was left. */
function insertedPet([row]: PetRow[]): Pet {
  if (row === undefined) throw new PetIdsExhausted();
  return petOfRow(row);
}

/**
 * Keeps pets in a SQLite file (node:sqlite), shared by every process that opens it. Ids come from
 * the table's AUTOINCREMENT sequence, inside the write that stores the pet, so they only grow and
 * never repeat across processes. A page is a range scan of the primary key, or of (status, id).
 */
export class SqlitePetRepository implements PetRepository, PetRestore {
  private readonly statements: {
    insert: StatementSync;
    insertWithOrigin: StatementSync;
    byOrigin: StatementSync;
    releaseOrigin: StatementSync;
    byId: StatementSync;
    restore: StatementSync;
    startSequence: StatementSync;
    raiseSequence: StatementSync;
    trialWrite: StatementSync;
  };

  private readonly pages: PageStatements;
  private readonly pagesWithStatus: PageStatements;
  private readonly writes: GroupCommit;
  private readonly recentPages: PageCache;

  constructor(private readonly db: DatabaseSync) {
    this.writes = groupCommitOf(db);
    this.recentPages = new PageCache(db);
    this.pages = new PageStatements(db, PAGE_QUERIES.all);
    this.pagesWithStatus = new PageStatements(db, PAGE_QUERIES.withStatus);
    this.statements = {
      insert: returningArrays(
        db.prepare(
          `INSERT INTO pets (${NEW_PET_COLUMNS}) SELECT ${NEW_PET_PLACEHOLDERS} ${WHILE_IDS_ARE_LEFT} ` +
            `RETURNING ${PET_COLUMNS}`,
        ),
      ),
      insertWithOrigin: returningArrays(
        db.prepare(
          `INSERT INTO pets (${NEW_PET_COLUMNS}, origin_client, origin_key, origin_kept_until) ` +
            `SELECT ${NEW_PET_PLACEHOLDERS}, ?, ?, ? ${WHILE_IDS_ARE_LEFT} RETURNING ${PET_COLUMNS}`,
        ),
      ),
      byOrigin: returningArrays(
        db.prepare(`SELECT origin_kept_until, ${PET_COLUMNS} FROM pets WHERE origin_client = ? AND origin_key = ?`),
      ),
      releaseOrigin: db.prepare(
        'UPDATE pets SET origin_client = NULL, origin_key = NULL, origin_kept_until = NULL WHERE id = ?',
      ),
      byId: returningArrays(db.prepare(`SELECT ${PET_COLUMNS} FROM pets WHERE id = ?`)),
      // AUTOINCREMENT records the largest id ever stored, restored ones included: later ids are above them.
      restore: db.prepare(`INSERT INTO pets (${PET_COLUMNS}) VALUES (?, ${NEW_PET_PLACEHOLDERS})`),
      // The sequence's row exists once a first pet was stored; a reservation may come before.
      startSequence: db.prepare(
        "INSERT INTO sqlite_sequence (name, seq) SELECT 'pets', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence " +
          "WHERE name = 'pets')",
      ),
      raiseSequence: db.prepare("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'pets'"),
      // A row of a page's size: only a file that can grow takes it.
      trialWrite: db.prepare("INSERT INTO pets (name, category_id) VALUES (printf('%.4096c', 'x'), 0)"),
    };
  }

  add(newPet: NewPet): Promise<Pet> {
    return this.writes.write(() => this.insert(newPet));
  }

  addOnce(newPet: NewPet, origin: PetOrigin): Promise<PetAddedOnce> {
    return this.writes.write(
      // One write holds the look-up and the insert: a pet and its key are written together, or not at all.
      () => {
        // The retention first: the pet's columns follow, however many there are.
        const earlier = this.statements.byOrigin.get(origin.key.client, origin.key.key) as
          [keptUntil: number, ...PetRow] | undefined;
        if (earlier !== undefined) {
          const [keptUntil, ...row] = earlier;
          if (namesRequest({ keptUntil }, origin)) return { pet: petOfRow(row), added: false };
          // The key's retention has ended: it no longer names that pet, and is free for this one.
          this.statements.releaseOrigin.run(row[0]);
        }
        const rows = this.statements.insertWithOrigin.all(
          ...columnValuesOf(newPet),
          origin.key.client,
          origin.key.key,
          origin.keptUntil,
        ) as unknown as PetRow[];
        return { pet: insertedPet(rows), added: true };
      },
    );
  }

  findById(id: PetId): Promise<Pet | undefined> {
    return translateStorageErrors(() => {
      // An id that is not an integer (0.5, NaN, 2^53) matches no row: SQLite compares it as a number.
      const row = this.statements.byId.get(id) as PetRow | undefined;
      return row === undefined ? undefined : petOfRow(row);
    });
  }

  list({ limit, status, afterId = 0 }: PetPageQuery): Promise<Pet[]> {
    return translateStorageErrors(() =>
      this.recentPages.page([status, afterId, limit].join(' '), () => {
        const rows =
          status === undefined ? this.pages.rows(limit, afterId) : this.pagesWithStatus.rows(limit, status, afterId);
        return (rows as unknown as PetRow[]).map(petOfRow);
      }),
    );
  }

  /**
   * Readable and writable: a trial insert of a page's size, rolled back, fits (a full disk says no); it never waits on
   * another connection's lock.
   */
  isReachable(): Promise<boolean> {
    try {
      this.db.exec('BEGIN IMMEDIATE');
    } catch (error) {
      // Another connection holds the write lock: the database answers, and writes wait for it within their bound.
      return Promise.resolve(isBusy(error));
    }
    return translateStorageErrors(() => {
      try {
        this.statements.trialWrite.run();
      } finally {
        this.db.exec('ROLLBACK');
      }
      return true;
    }).catch(() => false);
  }

  conflictsOf(pets: readonly Pet[]): Promise<PetId[]> {
    return translateStorageErrors(() => this.conflicting(pets));
  }

  /**
   * One write of the group, waiting as any write does for another process's lock: a conflict undoes the whole batch.
   */
  async restore(pets: readonly Pet[]): Promise<RestoreCount> {
    assertRestorable(pets);
    return this.writes.write(() => {
      const [conflict] = this.conflicting(pets);
      if (conflict !== undefined) throw new RestoreConflict(conflict);
      let added = 0;
      for (const pet of pets) {
        if (this.statements.byId.get(pet.id) !== undefined) continue;
        this.statements.restore.run(pet.id, ...columnValuesOf(pet));
        added += 1;
      }
      return { added, unchanged: pets.length - added };
    });
  }

  /** The AUTOINCREMENT sequence raised, in a write of the group: every process takes its next id from it. */
  async reserveIds(through: PetId): Promise<void> {
    assertReservable(through);
    await this.writes.write(() => {
      this.statements.startSequence.run();
      this.statements.raiseSequence.run(through);
    });
  }

  private insert(newPet: NewPet): Pet {
    // all(), not get(): an INSERT ... RETURNING left unfinished by get() keeps the write-ahead log from ever starting
    // over.
    return insertedPet(this.statements.insert.all(...columnValuesOf(newPet)) as unknown as PetRow[]);
  }

  private conflicting(pets: readonly Pet[]): PetId[] {
    return pets.flatMap((pet) => {
      const stored = this.statements.byId.get(pet.id) as PetRow | undefined;
      return stored !== undefined && !sameFields(petOfRow(stored), pet) ? [pet.id] : [];
    });
  }
}
