import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sectionOf, tsBlocks, tsFenceCount, type DocBlock } from '../support/doc-blocks.js';
import { NODE_ONLY_PATH, sharedPacks, tarballsFor } from '../support/packed-package.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MANIFEST = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  devDependencies: Record<string, string>;
};
const PATH = NODE_ONLY_PATH;
/** A repository over a Map that passes the whole kit, shipped in the package for the docs that link to it. */
const WORKED_EXAMPLE = 'examples/map-storage/map-pet-repository.ts';
/** The compiler a consumer would use: this project's own TypeScript with the classic API, 5.9. */
const TSC = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc');

/** The Markdown whose TypeScript examples a host copies: taken from the files themselves, never copied here. */
const DOCS = [
  { source: 'readme', text: sectionOf(readFileSync(join(ROOT, 'README.md'), 'utf8'), '## Reusing the core') },
  { source: 'reuse', text: readFileSync(join(ROOT, 'docs/reuse.md'), 'utf8') },
];
const DOC_BLOCKS: DocBlock[] = DOCS.flatMap(({ source, text }) => tsBlocks(text, source));
const blocksOf = (kind: DocBlock['kind']) => DOC_BLOCKS.filter((block) => block.kind === kind);

/**
 * The most one slow step (an install, a compile, a test run in the consumer) may take on a loaded
 * two-core machine, several times what it takes alone. Installing and compiling happen in beforeAll,
 * within a limit of their own; the tests that run a program in the consumer each have this one.
 */
const SLOW_STEP_MS = 120_000;

/** A fixture with a block that does not fit the public types: the compile must fail, naming it. */
const BROKEN = tsBlocks(
  "# Fixture\n\n```ts\nimport { startService } from 'petstore';\n\nawait startService({ storage: { pets: new Map() } });\n```\n",
  'broken',
);

/** A command in the consumer's project: its status and everything it printed. */
function inConsumer(folder: string, command: string, args: string[]): { status: number | null; output: string } {
  const run = spawnSync(command, args, {
    cwd: folder,
    env: { PATH, HOME: process.env.HOME ?? folder, CI: 'true', NO_COLOR: '1' },
    encoding: 'utf8',
    timeout: SLOW_STEP_MS,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/**
 * Another project, outside this repository: it installs the packed package, compiles code written
 * against its public types with `tsc --strict`, proves a repository of its own with the contract
 * kit, and starts the whole service over that repository.
 */
describe('the package as a library, used from another project', () => {
  const folder = mkdtempSync(join(tmpdir(), 'petstore-consumer-'));
  let compiled: ReturnType<typeof inConsumer>;
  let brokenCompiled: ReturnType<typeof inConsumer>;

  beforeAll(async () => {
    cpSync(join(ROOT, 'test/install/consumer'), folder, { recursive: true });
    // The worked example the docs link to, beside the consumer's code and the docs' examples, which import it.
    cpSync(join(ROOT, WORKED_EXAMPLE), join(folder, 'src', basename(WORKED_EXAMPLE)));
    for (const { name, code, kind } of DOC_BLOCKS)
      writeFileSync(join(folder, 'src', `${name}${kind === 'kit test' ? '.test' : ''}.ts`), code);
    const packed = await sharedPacks();
    // The service and the kits, as a project that reuses both installs them: from the tarballs the docs name.
    const tarballs = [...new Set([MANIFEST.name, '@petstore/testing'].flatMap((name) => tarballsFor(packed, name)))];
    const tools = ['vitest', '@types/node'].map((name) => `${name}@${MANIFEST.devDependencies[name] ?? 'latest'}`);
    execFileSync(
      'npm',
      ['install', ...tarballs, ...tools, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
      {
        cwd: folder,
        env: { ...process.env, PATH },
        stdio: 'pipe',
      },
    );
    compiled = inConsumer(folder, process.execPath, [TSC, '-p', '.']);
    const fixtures = mkdtempSync(join(folder, 'broken-'));
    for (const { name, code } of BROKEN) writeFileSync(join(fixtures, `${name}.ts`), code);
    brokenCompiled = inConsumer(folder, process.execPath, [
      TSC,
      '--noEmit',
      '--strict',
      '--module',
      'NodeNext',
      '--moduleResolution',
      'NodeNext',
      '--target',
      'ES2022',
      '--types',
      'node',
      join(fixtures, 'doc-broken-1.ts'),
    ]);
  }, 4 * SLOW_STEP_MS);

  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('compiles a consumer written against the public types with tsc --strict, the documented examples among it', () => {
    expect(compiled).toEqual({ status: 0, output: '' });
  });

  it('takes every TypeScript example of the README\'s "Reusing the core" and of docs/reuse.md', () => {
    expect(DOC_BLOCKS.length).toBeGreaterThan(0);
    expect(DOC_BLOCKS).toHaveLength(DOCS.reduce((count, { text }) => count + tsFenceCount(text), 0));
    expect(blocksOf('kit test').length).toBeGreaterThan(0);
    expect(blocksOf('program').length).toBeGreaterThan(0);
  });

  it(
    'passes the documented contract-kit tests',
    () => {
      const files = blocksOf('kit test').map(({ name }) => `src/${name}.test.ts`);
      const run = inConsumer(folder, process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...files]);
      expect(run.output).toContain(`Test Files  ${files.length} passed`);
      expect(run.status).toBe(0);
    },
    SLOW_STEP_MS,
  );

  it.each(blocksOf('program').map((block) => [block.name, block] as const))(
    'runs the documented program %s: it listens, then stops on SIGTERM',
    async (_, { name }) => {
      const child = spawn(process.execPath, [`out/${name}.js`], {
        cwd: folder,
        env: { PATH, PORT: '0', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const exited = new Promise<number | null>((resolve) => {
        child.on('exit', resolve);
      });
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (/listening on http:\/\/127\.0\.0\.1:\d+/.test(output)) resolve();
        });
        void exited.then(() => {
          reject(new Error(`exited before listening: ${output}`));
        });
      });
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    },
    SLOW_STEP_MS,
  );

  it('fails to compile a documented example that does not fit the public types, naming its block', () => {
    expect(BROKEN.map(({ name }) => name)).toEqual(['doc-broken-1']);
    expect(brokenCompiled.status).not.toBe(0);
    expect(brokenCompiled.output).toMatch(/doc-broken-1\.ts\(\d+,\d+\): error TS2322/);
  });

  it(
    "passes the contract kit with the consumer's own repository",
    () => {
      const run = inConsumer(folder, process.execPath, [
        'node_modules/vitest/vitest.mjs',
        'run',
        'src/map-pet-repository.test.ts',
      ]);
      expect(run.output).toMatch(/Tests\s+\d+ passed/);
      expect(run.status).toBe(0);
    },
    SLOW_STEP_MS,
  );

  it(
    'fails the contract kit with a repository that breaks a rule, naming the rule',
    () => {
      const run = inConsumer(folder, process.execPath, [
        'node_modules/vitest/vitest.mjs',
        'run',
        'src/newest-first-pet-repository.test.ts',
      ]);
      expect(run.status).toBe(1);
      expect(run.output).toContain(
        'NewestFirstPetRepository honours the PetRepository contract > lists in ascending id order, at most `limit`',
      );
    },
    SLOW_STEP_MS,
  );

  it(
    'starts the service over the repository through the public function: a create and a list over HTTP',
    () => {
      const run = inConsumer(folder, process.execPath, ['out/serve.js']);
      expect(run.status).toBe(0);
      const [answers, closed] = run.output
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown);
      expect(answers).toEqual({
        created: { status: 201, body: { id: 1, name: 'Rex', categoryId: 1, status: 'available' } },
        listed: { status: 200, body: [{ id: 1, name: 'Rex', categoryId: 1, status: 'available' }] },
      });
      expect(closed).toEqual({ closed: 'drained' });
    },
    SLOW_STEP_MS,
  );

  it(
    'lets nothing of the service be imported but its entry point',
    () => {
      const run = inConsumer(folder, process.execPath, [
        '--input-type=module',
        '-e',
        "await import('petstore/dist/app/service.js')",
      ]);
      expect(run.status).toBe(1);
      expect(run.output).toContain('ERR_PACKAGE_PATH_NOT_EXPORTED');
    },
    SLOW_STEP_MS,
  );

  it(
    "loads from the core's package nothing but the core: no web framework, driver, container or validation library",
    () => {
      // Every module a fresh process resolves while it imports the core, recorded by a resolve hook.
      writeFileSync(
        join(folder, 'record-loads.mjs'),
        "import { registerHooks } from 'node:module';\nglobalThis.loaded = [];\nregisterHooks({ resolve(specifier, context, next) { const resolved = next(specifier, context); globalThis.loaded.push(resolved.url); return resolved; } });\n",
      );
      const run = inConsumer(folder, process.execPath, [
        '--import',
        './record-loads.mjs',
        '--input-type=module',
        '-e',
        "await import('@petstore/core'); console.log(JSON.stringify(globalThis.loaded))",
      ]);
      expect(run.status).toBe(0);
      const loaded = JSON.parse(run.output) as string[];
      expect(loaded).toContain(`file://${folder}/node_modules/@petstore/core/dist/index.js`);
      expect(
        loaded.filter(
          (url) => !url.startsWith(`file://${folder}/node_modules/@petstore/core/dist/`) && !url.startsWith('node:'),
        ),
      ).toEqual([]);
    },
    SLOW_STEP_MS,
  );
});
