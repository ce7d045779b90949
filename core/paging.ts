import { InvalidPageQuery } from './errors.js';
import { isPetStatus, PET_ID_MAX, STATUS_RULE, type Pet, type PetId, type PetStatus } from './pet.js';

export const PAGE_LIMIT_MIN = 1;
export const PAGE_LIMIT_MAX = 100;
/** How many pets a page holds when the caller does not say. */
export const PAGE_LIMIT_DEFAULT = 20;
/** The largest id a cursor can name. */
export const AFTER_ID_MAX = PET_ID_MAX;

/**
 * What each paging value must be, without its name: every host names the value its own way
 * (`limit` and `after` in a URL, `--limit` and `--after` on a command line) and adds this text.
 */
export const PAGE_RULES = {
  limit: `must be an integer from ${PAGE_LIMIT_MIN} to ${PAGE_LIMIT_MAX}`,
  afterId: `must be a pet id to continue after: an integer from 0 to ${AFTER_ID_MAX}`,
} as const;

/** Which pets a page holds, in ascending id order. */
export interface PetPageQuery {
  readonly limit: number;
  readonly status?: PetStatus | undefined;
  /** Only pets with an id greater than this one; 0, or none, means from the start. */
  readonly afterId?: PetId | undefined;
}

/** A page as a caller asks for it: the limit may be left to the default. */
export type PetPageRequest = Omit<PetPageQuery, 'limit'> & { readonly limit?: number | undefined };

export interface PetPage {
  readonly pets: Pet[];
  /** Set when more pets match beyond this page: the query for the next one. */
  readonly next?: PetPageQuery;
}

export function isPageLimit(limit: number): boolean {
  return Number.isInteger(limit) && limit >= PAGE_LIMIT_MIN && limit <= PAGE_LIMIT_MAX;
}

export function isAfterId(afterId: number): boolean {
  return Number.isSafeInteger(afterId) && afterId >= 0;
}

/** The paging rules, for any host; the limit is the caller's or the default. */
export function assertValidPageQuery({ limit, status, afterId }: PetPageQuery): void {
  if (!isPageLimit(limit)) throw new InvalidPageQuery('limit', `limit ${PAGE_RULES.limit}`);
  if (status !== undefined && !isPetStatus(status)) throw new InvalidPageQuery('status', STATUS_RULE);
  if (afterId !== undefined && !isAfterId(afterId))
    throw new InvalidPageQuery('afterId', `afterId ${PAGE_RULES.afterId}`);
}
