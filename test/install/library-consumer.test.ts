import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_ONLY_PATH, packInto } from '../support/packed-package.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MANIFEST = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; devDependencies: Record<string, string> };
const PATH = NODE_ONLY_PATH;
/** The compiler a consumer would use: this project's own TypeScript with the classic API, 5.9. */
const TSC = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc');

/** A command in the consumer's project: its status and everything it printed. */
function inConsumer(folder: string, command: string, args: string[]): { status: number | null; output: string } {
  const run = spawnSync(command, args, { cwd: folder, env: { PATH, HOME: process.env.HOME ?? folder, CI: 'true', NO_COLOR: '1' }, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/**
 * Another project, outside this repository: it installs the packed package, compiles code written
 * against its public types with `tsc --strict`, proves a repository of its own with the contract
 * kit, and starts the whole service over that repository.
 */
describe('the package as a library, used from another project', () => {
  const folder = mkdtempSync(join(tmpdir(), 'petstore-consumer-'));

  beforeAll(() => {
    cpSync(join(ROOT, 'test/install/consumer'), folder, { recursive: true });
    const { tarball } = packInto(folder);
    const tools = ['vitest', '@types/node'].map((name) => `${name}@${MANIFEST.devDependencies[name] ?? 'latest'}`);
    execFileSync('npm', ['install', tarball, ...tools, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
      cwd: folder,
      env: { ...process.env, PATH },
      stdio: 'pipe',
    });
  }, 180_000);

  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('compiles a consumer written against the public types with tsc --strict', () => {
    expect(inConsumer(folder, process.execPath, [TSC, '-p', '.'])).toEqual({ status: 0, output: '' });
  });

  it("passes the contract kit with the consumer's own repository", () => {
    const run = inConsumer(folder, process.execPath, ['node_modules/vitest/vitest.mjs', 'run', 'src/map-pet-repository.test.ts']);
    expect(run.output).toMatch(/Tests\s+\d+ passed/);
    expect(run.status).toBe(0);
  });

  it('fails the contract kit with a repository that breaks a rule, naming the rule', () => {
    const run = inConsumer(folder, process.execPath, ['node_modules/vitest/vitest.mjs', 'run', 'src/newest-first-pet-repository.test.ts']);
    expect(run.status).toBe(1);
    expect(run.output).toContain('NewestFirstPetRepository honours the PetRepository contract > lists in ascending id order, at most `limit`');
  });

  it('starts the service over the repository through the public function: a create and a list over HTTP', () => {
    const run = inConsumer(folder, process.execPath, ['out/serve.js']);
    expect(run.status).toBe(0);
    const [answers, closed] = run.output.trim().split('\n').map((line) => JSON.parse(line) as unknown);
    expect(answers).toEqual({
      created: { status: 201, body: { id: 1, name: 'Rex', categoryId: 1, status: 'available' } },
      listed: { status: 200, body: [{ id: 1, name: 'Rex', categoryId: 1, status: 'available' }] },
    });
    expect(closed).toEqual({ closed: 'drained' });
  });

  it('lets nothing be imported but its entry points', () => {
    const run = inConsumer(folder, process.execPath, ['--input-type=module', '-e', "await import('petstore/dist/core/pet.js')"]);
    expect(run.status).toBe(1);
    expect(run.output).toContain('ERR_PACKAGE_PATH_NOT_EXPORTED');
  });

  it('loads from its core entry nothing but the core: no web framework, driver, container or validation library', () => {
    // Every module a fresh process resolves while it imports the core, recorded by a resolve hook.
    writeFileSync(
      join(folder, 'record-loads.mjs'),
      "import { registerHooks } from 'node:module';\nglobalThis.loaded = [];\nregisterHooks({ resolve(specifier, context, next) { const resolved = next(specifier, context); globalThis.loaded.push(resolved.url); return resolved; } });\n",
    );
    const run = inConsumer(folder, process.execPath, ['--import', './record-loads.mjs', '--input-type=module', '-e', "await import('petstore'); console.log(JSON.stringify(globalThis.loaded))"]);
    expect(run.status).toBe(0);
    const loaded = JSON.parse(run.output) as string[];
    expect(loaded).toContain(`file://${folder}/node_modules/petstore/dist/core/index.js`);
    expect(loaded.filter((url) => !url.startsWith(`file://${folder}/node_modules/petstore/dist/core/`) && !url.startsWith('node:'))).toEqual([]);
  });
});
