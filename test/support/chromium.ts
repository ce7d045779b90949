import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * Flags for a headless Chromium on a closed network: no sandbox (CI runs as root) and none of the
 * background calls to Google's services, which this machine's network refuses.
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
 * The path of a Chromium to drive: CHROMIUM_PATH if set, else Debian's, which is installed here
 * when missing (as root, with apt-get), so a fresh CI machine needs no step of its own.
 */
export function chromiumExecutable(): string {
  const configured = process.env.CHROMIUM_PATH;
  if (configured !== undefined && configured !== '') return configured;
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    throw new Error(`No Chromium at ${DEBIAN_CHROMIUM} and no way to install it here: set CHROMIUM_PATH to a Chromium or Chrome binary`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { stdio: 'ignore', env });
  return DEBIAN_CHROMIUM;
}
