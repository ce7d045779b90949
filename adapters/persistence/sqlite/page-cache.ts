import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { LRUCache } from 'lru-cache';
import type { Pet } from '@petstore/core/pet.js';

/** Pages kept at most: the first pages of each filter, which most clients read most often, fit many times over. */
export const PAGES_KEPT = 128;

/**
 * Pages read lately, kept until the database changes. Before each read it asks SQLite whether any
 * connection wrote since: `total_changes()` counts this connection's writes, `PRAGMA data_version`
 * moves with every other connection's commit, this process's or another's. Both cost about a
 * microsecond; reading and building a page of 21 pets costs 7 or more (docs/performance.md).
 */
export class PageCache {
  private readonly pages = new LRUCache<string, readonly Pet[]>({ max: PAGES_KEPT });
  private readonly statements: { dataVersion: StatementSync; totalChanges: StatementSync };
  /** The database's state when the kept pages were read: every connection's commits, and this one's writes. */
  private readBetween: string;

  constructor(db: DatabaseSync) {
    this.statements = {
      dataVersion: db.prepare('PRAGMA data_version'),
      totalChanges: db.prepare('SELECT total_changes()'),
    };
    for (const statement of Object.values(this.statements)) statement.setReturnArrays(true);
    this.readBetween = this.writesSoFar();
  }

  /** The page under `key`, read by `read` unless kept since the last write. */
  page(key: string, read: () => Pet[]): Pet[] {
    this.forgetIfWritten();
    let page = this.pages.get(key);
    if (page === undefined) {
      // Frozen, since every later read of the page hands out these same pets.
      page = read().map((pet) => Object.freeze(pet));
      this.pages.set(key, page);
    }
    // A copy: a caller that changes its list changes nobody else's.
    return [...page];
  }

  private forgetIfWritten(): void {
    const writes = this.writesSoFar();
    if (writes === this.readBetween) return;
    this.pages.clear();
    this.readBetween = writes;
  }

  private writesSoFar(): string {
    const [dataVersion] = this.statements.dataVersion.get() as unknown as [number];
    const [totalChanges] = this.statements.totalChanges.get() as unknown as [number];
    return `${String(dataVersion)} ${String(totalChanges)}`;
  }
}
