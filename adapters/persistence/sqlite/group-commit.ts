import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { committed, lockWaitOf } from './sqlite-database.js';
import { isBusy, storageErrorOf } from './storage-errors.js';

/** How soon a group whose lock another connection holds tries again; each try waits twice as long, up to the last. */
const LOCK_RETRY_FIRST_MS = 5;
const LOCK_RETRY_LAST_MS = 100;

/** One write of a group: its work, and how it is answered once the group's transaction has ended. */
class PendingWrite<T> {
  private result: T | undefined;
  private failure: { error: unknown } | undefined;

  constructor(
    /** When it was asked for: it waits for another connection's lock until its bound from then. */
    readonly askedAt: number,
    private readonly work: () => T,
    private readonly resolve: (result: T) => void,
    private readonly reject: (error: Error) => void,
  ) {}

  run(): void {
    this.result = this.work();
  }

  /** It failed and was undone alone: it fails with its own error, whatever becomes of the group. */
  failAlone(error: unknown): void {
    this.failure = { error };
  }

  /** Answers it: with its result, or its own failure, or that of the whole group. */
  settle(groupFailure?: { error: unknown }): void {
    const failure = this.failure ?? groupFailure;
    if (failure === undefined) this.resolve(this.result as T);
    else this.reject(storageErrorOf(failure.error));
  }
}

/**
 * Writes asked for in one turn of the event loop share one transaction, committed at the end of
 * that turn: the commit, SQLite's dearest step, is paid once for the group (docs/performance.md).
 * Each write is answered only after the COMMIT that holds it, so an answer promises what a write
 * of its own would. Each runs in a savepoint of its own: one that fails is undone alone, and its
 * neighbours are committed. A lone write waits for no group to fill, only for the turn to end.
 *
 * When another connection holds the write lock, the group waits for it off the event loop: it tries
 * again on a timer, backing off, and writes asked for meanwhile join it. A write still waiting at its
 * bound (the busy timeout) fails as StorageUnavailable; the others go on waiting.
 */
export class GroupCommit {
  private pending: PendingWrite<unknown>[] = [];
  /** Whether a commit is on its way (this turn's end, or a retry): a write asked for meanwhile joins its group. */
  private due = false;
  private retryMs = LOCK_RETRY_FIRST_MS;
  private readonly statements: Record<'savepoint' | 'release' | 'rollbackToSavepoint', StatementSync>;

  constructor(
    private readonly db: DatabaseSync,
    private readonly lockWaitMs = lockWaitOf(db),
    /** The clock the bound is kept by, in milliseconds; tests move it. */
    private readonly now: () => number = () => performance.now(),
  ) {
    this.statements = {
      savepoint: db.prepare('SAVEPOINT one_write'),
      release: db.prepare('RELEASE one_write'),
      rollbackToSavepoint: db.prepare('ROLLBACK TO one_write'),
    };
  }

  /** Runs `work` in the group's transaction; settles once that transaction is committed or has failed. */
  write<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push(new PendingWrite(this.now(), work, resolve, reject) as PendingWrite<unknown>);
      if (this.due) return;
      this.due = true;
      setImmediate(() => {
        this.commitPending();
      });
    });
  }

  private commitPending(): void {
    try {
      this.db.exec('BEGIN IMMEDIATE');
    } catch (error) {
      if (isBusy(error)) this.waitForLock(error);
      else this.failPending(error);
      return;
    }
    const group = this.pending;
    this.pending = [];
    this.due = false;
    this.retryMs = LOCK_RETRY_FIRST_MS;
    try {
      committed(this.db, () => {
        for (const write of group) this.runAlone(write);
      });
    } catch (error) {
      // The transaction is lost (the database closed, a full disk, a failed commit): nothing of the
      // group was written, and every write is told, whatever the rollback did.
      for (const write of group) write.settle({ error });
      return;
    }
    for (const write of group) write.settle();
  }

  /** Another connection holds the write lock: the writes at their bound fail, the others try again later. */
  private waitForLock(busy: unknown): void {
    const now = this.now();
    const waiting = [];
    for (const write of this.pending) {
      if (now - write.askedAt < this.lockWaitMs) waiting.push(write);
      else write.settle({ error: busy });
    }
    this.pending = waiting;
    if (waiting.length === 0) {
      this.due = false;
      this.retryMs = LOCK_RETRY_FIRST_MS;
      return;
    }
    setTimeout(() => {
      this.commitPending();
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, LOCK_RETRY_LAST_MS);
  }

  /**
   * The transaction could not begin (the database closed, a disk that fails): nothing was written, and every write is
   * told.
   */
  private failPending(error: unknown): void {
    const group = this.pending;
    this.pending = [];
    this.due = false;
    for (const write of group) write.settle({ error });
  }

  /** Runs one write in its savepoint; one that fails is rolled back to it, and fails alone. */
  private runAlone(write: PendingWrite<unknown>): void {
    this.statements.savepoint.run();
    try {
      write.run();
    } catch (error) {
      // Some errors (a full disk, an I/O error) end the whole transaction: the group fails with it.
      if (!this.db.isTransaction) throw error;
      this.statements.rollbackToSavepoint.run();
      write.failAlone(error);
    }
    this.statements.release.run();
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
