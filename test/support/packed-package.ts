import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Node 24 and npm, nothing of the clone: what a machine the package is installed on has. */
export const NODE_ONLY_PATH = `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`;

/**
 * Packs the package into `folder`, as `npm pack` does; `npm test` has built dist/ (a test checks the
 * build is up to date), so the pack runs no build of its own. Gives the tarball and what it holds.
 */
export function packInto(folder: string): { tarball: string; files: string[] } {
  const report = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', folder], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, PATH: NODE_ONLY_PATH },
    stdio: 'pipe',
  });
  const [packed] = JSON.parse(report) as [{ filename: string; files: { path: string }[] }];
  return { tarball: join(folder, packed.filename), files: packed.files.map(({ path }) => path) };
}
