import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workspacePackages, type PackageManifest } from '../../scripts/workspace-sources.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Node 24 and npm, nothing of the clone: what a machine the package is installed on has. */
export const NODE_ONLY_PATH = `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`;

/** Every package of the workspace, the service first, by name: its folder and its manifest. */
export const WORKSPACE_PACKAGES: ReadonlyMap<string, { folder: string; manifest: PackageManifest }> = new Map(
  workspacePackages().map((entry) => [entry.manifest.name, entry]),
);

/** The packages of ours `name` needs, itself among them: the set of tarballs its install line names. */
export function siblingsOf(name: string): string[] {
  const needed = new Set<string>();
  const visit = (next: string) => {
    if (needed.has(next)) return;
    needed.add(next);
    for (const dependency of Object.keys(WORKSPACE_PACKAGES.get(next)?.manifest.dependencies ?? {}))
      if (WORKSPACE_PACKAGES.has(dependency)) visit(dependency);
  };
  visit(name);
  return [...needed];
}

/** What `npm pack` made of one package: its tarball and the files it holds. */
export interface Packed {
  readonly tarball: string;
  readonly files: readonly string[];
}

/**
 * Packs every package of the workspace into `folder`, as `npm run pack:all` does; `npm test` has built
 * them (a test checks the build is up to date), so the pack runs no build of its own. By package name.
 */
export function packAllInto(folder: string): ReadonlyMap<string, Packed> {
  mkdirSync(folder, { recursive: true });
  const report = execFileSync(
    'npm',
    ['pack', '--json', '--ignore-scripts', '--workspaces', '--include-workspace-root', '--pack-destination', folder],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, PATH: NODE_ONLY_PATH }, stdio: 'pipe' },
  );
  const packed = JSON.parse(report) as { name: string; filename: string; files: { path: string }[] }[];
  return new Map(
    packed.map(({ name, filename, files }) => [
      name,
      { tarball: join(folder, filename), files: files.map(({ path }) => path) },
    ]),
  );
}

/** The tarballs that install `name` with no package of ours taken from a registry: its own and its siblings'. */
export function tarballsFor(packed: ReadonlyMap<string, Packed>, name: string): string[] {
  return siblingsOf(name).map((sibling) => {
    const tarball = packed.get(sibling)?.tarball;
    if (tarball === undefined) throw new Error(`${sibling} was not packed`);
    return tarball;
  });
}

/** The most the packing of the workspace may take on a loaded machine, for a test file waiting on another's. */
const PACKING_LIMIT_MS = 120_000;

/**
 * Every package of the workspace packed once for the whole test run, as `packAllInto` packs them: the
 * first test file to ask packs into the run's folder (test/support/packs-global-setup.ts), the others
 * wait for it. The tarballs are shared: a test reads them and never changes the folder.
 */
export async function sharedPacks(): Promise<ReadonlyMap<string, Packed>> {
  const folder = process.env.PETSTORE_PACKS ?? mkdtempSync(join(tmpdir(), 'petstore-packs-'));
  const report = join(folder, 'packed.json');
  try {
    writeFileSync(join(folder, 'packing'), '', { flag: 'wx' });
  } catch {
    // Another test file is packing: its report says what it made, or why it could not.
    const deadline = Date.now() + PACKING_LIMIT_MS;
    while (!existsSync(report)) {
      if (Date.now() > deadline) throw new Error(`no tarballs in ${folder} after ${String(PACKING_LIMIT_MS)} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const written = JSON.parse(readFileSync(report, 'utf8')) as { packed?: [string, Packed][]; failure?: string };
    if (written.packed === undefined) throw new Error(`packing failed: ${written.failure ?? 'unknown'}`);
    return new Map(written.packed);
  }
  const writeReport = (content: object) => {
    writeFileSync(`${report}.part`, JSON.stringify(content));
    renameSync(`${report}.part`, report);
  };
  try {
    const packed = packAllInto(folder);
    writeReport({ packed: [...packed] });
    return packed;
  } catch (error) {
    writeReport({ failure: String(error) });
    throw error;
  }
}
