import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Where Debian puts programs for the administrator, which a user's PATH often leaves out. */
const SYSTEM_FOLDERS = ['/usr/sbin', '/sbin'];

/**
 * A program of the system's (nginx, promtool, systemd-analyze, openssl), by name, on PATH or in the
 * administrator's folders; or, when there is none, the reason a file that needs it is skipped. Under
 * CI (CI=true), where .ci/run installs each of them, a missing one fails the file instead.
 */
export function systemProgram(
  name: string,
  debianPackage: string,
): { readonly path: string } | { readonly missing: string } {
  const folders = [...(process.env.PATH ?? '').split(delimiter).filter((folder) => folder !== ''), ...SYSTEM_FOLDERS];
  for (const folder of folders) {
    const path = join(folder, name);
    try {
      accessSync(path, constants.X_OK);
      return { path };
    } catch {
      // Not in this folder: look in the next.
    }
  }
  const missing = `no ${name} on PATH or in ${SYSTEM_FOLDERS.join(', ')}: install Debian's ${debianPackage}`;
  if (process.env.CI === 'true') throw new Error(`cannot run under CI: ${missing}`);
  return { missing };
}

/** Says in one line on stdout that the tests of `what` are skipped, and why. */
export function reportSkipped(what: string, program: { readonly missing: string } | { readonly path: string }): void {
  if ('missing' in program) process.stdout.write(`\n${what} SKIPPED: ${program.missing}.\n`);
}
