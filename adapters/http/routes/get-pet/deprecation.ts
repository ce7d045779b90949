import type { HeaderEntry } from '../../response/header-entry.js';

/** getPet is removed on this date (RFC 8594 Sunset, an HTTP-date). */
export const GET_PET_SUNSET = 'Thu, 05 Dec 2030 00:00:00 GMT';
/** getPet has been deprecated since 2026-11-22T00:00:00Z (RFC 9745 Deprecation, a structured date). */
export const GET_PET_DEPRECATION = '@1795305600';

/** What marks each response of the deprecated operation. */
export const DEPRECATION_HEADERS: readonly HeaderEntry[] = [
  ['Deprecation', GET_PET_DEPRECATION],
  ['Sunset', GET_PET_SUNSET],
];
