import type { PetStatus } from '../../core/pet.js';
import type { PetPage } from '../../core/use-cases/list-pets.js';

/**
 * RFC 8288 `Link` header for the page after this one, keeping the caller's filter,
 * or undefined on the last page.
 */
export function nextPageLink(basePath: string, query: { limit: number; status?: PetStatus | undefined }, page: PetPage): string | undefined {
  if (page.nextAfterId === undefined) return undefined;
  const params = new URLSearchParams({ limit: String(query.limit) });
  if (query.status !== undefined) params.set('status', query.status);
  params.set('after', String(page.nextAfterId));
  return `<${basePath}?${params.toString()}>; rel="next"`;
}
