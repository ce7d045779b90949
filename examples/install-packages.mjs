// `node ../install-packages.mjs <package>...`, from an example's folder: installs the packages of this
// repository the example uses, as a user gets them: each packed by `npm pack`, and installed from the
// tarballs with the siblings each one depends on, so that no name of ours is looked up in a registry.
// Nothing of the repository is imported any other way.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const repository = new URL('..', import.meta.url);
const destination = mkdtempSync(join(tmpdir(), 'petstore-pack-'));
execFileSync('npm', ['run', 'build'], { cwd: repository, stdio: ['ignore', 'ignore', 'inherit'] });
const report = execFileSync(
  'npm',
  ['pack', '--json', '--ignore-scripts', '--workspaces', '--include-workspace-root', '--pack-destination', destination],
  { cwd: repository, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
);
const packed = new Map(JSON.parse(report).map((tarball) => [tarball.name, tarball]));

/** The packages of ours `name` needs, itself among them, read from what `npm pack` put in each tarball. */
function withSiblings(name, needed = new Set()) {
  const tarball = packed.get(name);
  if (tarball === undefined) throw new Error(`no package of this repository is named ${name}`);
  if (needed.has(name)) return needed;
  needed.add(name);
  const manifest = JSON.parse(
    execFileSync('tar', ['-xzOf', join(destination, tarball.filename), 'package/package.json'], { encoding: 'utf8' }),
  );
  for (const dependency of Object.keys(manifest.dependencies ?? {}))
    if (packed.has(dependency)) withSiblings(dependency, needed);
  return needed;
}

const names = new Set(process.argv.slice(2).flatMap((name) => [...withSiblings(name)]));
const tarballs = [...names].map((name) => join(destination, packed.get(name).filename));
execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', ...tarballs], { stdio: 'inherit' });
console.log(`installed ${[...names].join(', ')}`);
