import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAVY } from '../support/dependency-closure.js';
import { NODE_ONLY_PATH, sharedPacks, tarballsFor, type Packed } from '../support/packed-package.js';

/** The packages npm installed in `folder`, by name: the lines of `npm ls --all --parseable` after the folder's own. */
function installedIn(folder: string): string[] {
  // npm ls lists what is there whatever it finds missing (a peer left out), and then exits 1.
  const listing = spawnSync('npm', ['ls', '--all', '--parseable'], { cwd: folder, encoding: 'utf8' }).stdout;
  return listing
    .trim()
    .split('\n')
    .slice(1)
    .map((path) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
}

/** The bytes under `folder`'s node_modules, as `du` counts them. */
const weightOf = (folder: string) =>
  Number(execFileSync('du', ['-sb', join(folder, 'node_modules')], { encoding: 'utf8' }).split('\t')[0]);

/**
 * Each package as a user installs it, in an empty folder, from the tarballs `npm pack` made: what it
 * brings, counted as the docs count it, and where each package of ours came from.
 */
describe('each package installed alone from its tarballs', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'petstore-packages-'));
  let packed: ReadonlyMap<string, Packed>;

  /** Installs `specs` in a new empty folder; gives the folder. */
  function install(name: string, specs: readonly string[], flags: readonly string[] = []): string {
    const folder = join(scratch, name);
    mkdirSync(folder);
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: `weighing-${name}`, private: true }));
    addTo(folder, specs, flags);
    return folder;
  }

  /** Installs `specs` beside what `folder` holds. */
  function addTo(folder: string, specs: readonly string[], flags: readonly string[] = []): void {
    execFileSync(
      'npm',
      ['install', ...specs, ...flags, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
      { cwd: folder, env: { ...process.env, PATH: NODE_ONLY_PATH }, stdio: 'pipe' },
    );
  }

  beforeAll(async () => {
    packed = await sharedPacks();
  }, 120_000);

  afterAll(() => {
    rmSync(scratch, { recursive: true, force: true });
  });

  it('installs the core as one package', () => {
    expect(installedIn(install('core', tarballsFor(packed, '@petstore/core')))).toEqual(['@petstore/core']);
  });

  it('installs the storage kit as two packages with its peer, vitest, left out', () => {
    const folder = install('kit', tarballsFor(packed, '@petstore/testing'), ['--legacy-peer-deps']);
    expect(installedIn(folder).sort()).toEqual(['@petstore/core', '@petstore/testing']);
  });

  it("adds at most 2 packages and 1 MB to what a storage author's vitest and driver install", () => {
    // The author's tools first, then the core and the kit added beside them, in the same folder.
    const folder = install('author', ['vitest@4.1.12', 'mongodb@7.9.0']);
    const [alone, weightAlone] = [installedIn(folder).length, weightOf(folder)];
    addTo(folder, tarballsFor(packed, '@petstore/testing'));
    expect(installedIn(folder).length - alone).toBeLessThanOrEqual(2);
    expect(weightOf(folder) - weightAlone).toBeLessThanOrEqual(1_000_000);
  }, 180_000);

  it.each(['@petstore/http', '@petstore/host'])(
    'installs %s with no web framework, driver, tracing, docs page or command-line package',
    (name) => {
      const folder = install(name.replace('@petstore/', ''), tarballsFor(packed, name));
      expect(installedIn(folder).filter((installed) => HEAVY.test(installed))).toEqual([]);
      // Every package of ours came from its tarball.
      const lock = JSON.parse(readFileSync(join(folder, 'package-lock.json'), 'utf8')) as {
        packages: Record<string, { resolved?: string }>;
      };
      const ours = Object.entries(lock.packages).filter(([path]) => path.startsWith('node_modules/@petstore/'));
      expect(ours.length).toBeGreaterThan(0);
      expect(ours.filter(([, { resolved }]) => !resolved?.startsWith('file:'))).toEqual([]);
    },
    120_000,
  );
});
