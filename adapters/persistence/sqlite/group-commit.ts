import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { storageErrorOf } from './storage-errors.js';

interface PendingWrite {
  run(): void;
  fail(error: unknown): void;
  succeed(): void;
}

/**
 * Writes asked for in one turn of the event loop share one transaction, committed at the end of
 * that turn: the commit, SQLite's dearest step, is paid once for the group (docs/performance.md).
 * Each write is answered only after the COMMIT that holds it, so an answer promises what a write
 * of its own would. Each runs in a savepoint of its own: one that fails is undone alone, and its
 * neighbours are committed. A lone write waits for no group to fill, only for the turn to end.
 */
export class GroupCommit {
  private pending: PendingWrite[] = [];
  private readonly statements: Record<'begin' | 'commit' | 'savepoint' | 'release' | 'rollbackToSavepoint', StatementSync>;

  constructor(private readonly db: DatabaseSync) {
    this.statements = {
      // IMMEDIATE: a read inside a write sees no other process's write before the write follows it.
      begin: db.prepare('BEGIN IMMEDIATE'),
      commit: db.prepare('COMMIT'),
      savepoint: db.prepare('SAVEPOINT one_write'),
      release: db.prepare('RELEASE one_write'),
      rollbackToSavepoint: db.prepare('ROLLBACK TO one_write'),
    };
  }

  /** Runs `work` in the group's transaction; settles once that transaction is committed or has failed. */
  write<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let result: T;
      const write: PendingWrite = {
        run: () => {
          result = work();
        },
        fail: (error) => {
          reject(storageErrorOf(error));
        },
        succeed: () => {
          resolve(result);
        },
      };
      if (this.pending.push(write) === 1) setImmediate(() => {
        this.commitPending();
      });
    });
  }

  private commitPending(): void {
    const group = this.pending;
    this.pending = [];
    let written: PendingWrite[];
    try {
      this.statements.begin.run();
      written = group.filter((write) => this.ranAlone(write));
      this.statements.commit.run();
    } catch (error) {
      // The transaction is lost (the database closed, a full disk, a failed commit): nothing of the
      // group was written. A write that already failed alone keeps its own error.
      if (this.db.isOpen && this.db.isTransaction) this.db.exec('ROLLBACK');
      for (const write of group) write.fail(error);
      return;
    }
    for (const write of written) write.succeed();
  }

  /** Runs one write in its savepoint: true when it was written, false when it failed and was undone alone. */
  private ranAlone(write: PendingWrite): boolean {
    this.statements.savepoint.run();
    try {
      write.run();
    } catch (error) {
      // Some errors (a full disk, an I/O error) end the whole transaction: the group fails with it.
      if (!this.db.isTransaction) throw error;
      this.statements.rollbackToSavepoint.run();
      this.statements.release.run();
      write.fail(error);
      return false;
    }
    this.statements.release.run();
    return true;
  }
}

const groupsByConnection = new WeakMap<DatabaseSync, GroupCommit>();

/** The one group of a connection, shared by every store on it: a connection has one transaction at a time. */
export function groupCommitOf(db: DatabaseSync): GroupCommit {
  let group = groupsByConnection.get(db);
  if (group === undefined) {
    group = new GroupCommit(db);
    groupsByConnection.set(db, group);
  }
  return group;
}
