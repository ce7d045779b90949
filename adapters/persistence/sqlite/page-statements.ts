import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { PAGE_LIMIT_MAX } from '@petstore/core/paging.js';
import { PET_COLUMNS } from './pet-rows.js';

/**
 * Page sizes the core asks for (one more than a page, to learn whether another follows) get a statement each; any other
 * is bound.
 */
const LARGEST_PREPARED_PAGE = PAGE_LIMIT_MAX + 1;
const BOUND_LIMIT = '?';
type LimitInStatement = number | typeof BOUND_LIMIT;

/**
 * A page of pets, unfiltered and by status: each a range scan of an index (a test reads their plans).
 * The page size is written into the statement: SQLite runs a literal `LIMIT` faster than a bound
 * one (docs/performance.md).
 */
export const PAGE_QUERIES = {
  all: (limit: LimitInStatement) => `SELECT ${PET_COLUMNS} FROM pets WHERE id > ? ORDER BY id LIMIT ${limit}`,
  withStatus: (limit: LimitInStatement) =>
    `SELECT ${PET_COLUMNS} FROM pets WHERE status = ? AND id > ? ORDER BY id LIMIT ${limit}`,
} as const;

/** The page statements, one per page size, each prepared the first time that size is asked for. */
export class PageStatements {
  private readonly prepared = new Map<LimitInStatement, StatementSync>();

  constructor(
    private readonly db: DatabaseSync,
    private readonly query: (limit: LimitInStatement) => string,
  ) {}

  /** The statement for pages of `limit`, and the values it binds after the query's own. */
  of(limit: number): { statement: StatementSync; limitValues: number[] } {
    const written = Number.isInteger(limit) && limit >= 0 && limit <= LARGEST_PREPARED_PAGE;
    const key = written ? limit : BOUND_LIMIT;
    let statement = this.prepared.get(key);
    if (statement === undefined) {
      statement = returningArrays(this.db.prepare(this.query(key)));
      this.prepared.set(key, statement);
    }
    return { statement, limitValues: written ? [] : [limit] };
  }

  /** A page of `limit` rows at most, the query's own values bound first. */
  rows(limit: number, ...values: (string | number)[]): unknown[] {
    const { statement, limitValues } = this.of(limit);
    return statement.all(...values, ...limitValues);
  }
}

/** A statement whose rows come back as arrays. */
export function returningArrays(statement: StatementSync): StatementSync {
  statement.setReturnArrays(true);
  return statement;
}
