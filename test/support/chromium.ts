import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * Flags for a headless Chromium on a closed network: no sandbox (CI runs as root) and none of the
 * background calls to Google's services, which a closed network refuses.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The Chromium to drive: CHROMIUM_PATH if set, else Debian's. When there is none, the browser test is
 * skipped with this reason, except under CI (CI=true), where a missing browser is a failure of set-up.
 */
export function findChromium(): { readonly path: string } | { readonly missing: string } {
  const configured = process.env.CHROMIUM_PATH;
  const path = configured !== undefined && configured !== '' ? configured : DEBIAN_CHROMIUM;
  if (existsSync(path)) return { path };
  return { missing: `no Chromium at ${path}: install Debian's chromium or set CHROMIUM_PATH` };
}
