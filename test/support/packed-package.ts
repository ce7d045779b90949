import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Node 24 and npm, nothing of the clone: what a machine the package is installed on has. */
export const NODE_ONLY_PATH = `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`;

interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly workspaces?: readonly string[];
  readonly dependencies?: Readonly<Record<string, string>>;
}

const manifestAt = (folder: string): Manifest =>
  JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8')) as Manifest;

/** Every package of the workspace, the service first, by name: its folder and its manifest. */
export const WORKSPACE_PACKAGES: ReadonlyMap<string, { folder: string; manifest: Manifest }> = new Map(
  ['.', ...(manifestAt('.').workspaces ?? [])].map((folder) => {
    const manifest = manifestAt(folder);
    return [manifest.name, { folder, manifest }];
  }),
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
