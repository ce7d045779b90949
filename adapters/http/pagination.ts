import type { PetStatus } from '../../core/pet.js';
import type { PetPage } from '../../core/use-cases/list-pets.js';

/**
 * RFC 8288 `Link` header for the page after this one, keeping the caller's filter,
 * or undefined on the last page.
 */
export function nextPageLink(basePath: string, query: { limit: number; status?: PetStatus | undefined }, page: PetPage): string | undefined {
  if (page.nextAfterId === undefined) return undefined;
  // Integers and PetStatus values need no escaping; this runs on every listing.
  const status = query.status === undefined ? '' : `&status=${query.status}`;
  return `<${basePath}?limit=${query.limit}${status}&after=${page.nextAfterId}>; rel="next"`;
}
