import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A folder for the run's tarballs: the install tests pack the workspace once, into it, and share what it
 * holds (test/support/packed-package.ts); removed when the run ends.
 */
export default function setup(): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'petstore-packs-'));
  process.env.PETSTORE_PACKS = folder;
  return () => {
    rmSync(folder, { recursive: true, force: true });
  };
}
