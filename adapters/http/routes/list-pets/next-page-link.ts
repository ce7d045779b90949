import type { PetPageQuery } from '@petstore/core/paging.js';

/**
 * RFC 8288 `Link` header for the page after this one, as the core describes it (the caller's limit
 * and filter, the new cursor), or undefined on the last page.
 */
export function nextPageLink(basePath: string, next: PetPageQuery): string;
export function nextPageLink(basePath: string, next: PetPageQuery | undefined): string | undefined;
export function nextPageLink(basePath: string, next: PetPageQuery | undefined): string | undefined {
  if (next === undefined) return undefined;
  // Integers and PetStatus values need no escaping; this runs on every listing.
  const status = next.status === undefined ? '' : `&status=${next.status}`;
  return `<${basePath}?limit=${next.limit}${status}&after=${String(next.afterId)}>; rel="next"`;
}
