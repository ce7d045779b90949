// Installs this repository as a user gets it: packed by `npm pack`, at the path it reports, so a
// version bump changes nothing here. Nothing of the repository is imported any other way.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const example = fileURLToPath(new URL('..', import.meta.url));
const repository = join(example, '..', '..');
const destination = mkdtempSync(join(tmpdir(), 'petstore-pack-'));
const report = execFileSync('npm', ['pack', '--json', '--pack-destination', destination], {
  cwd: repository,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
const [{ filename }] = JSON.parse(report);
execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', join(destination, filename)], {
  cwd: example,
  stdio: 'inherit',
});
console.log(`installed ${filename}`);
