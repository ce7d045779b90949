import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OLD_NODE } from '../support/old-node.js';
import { testMongo } from '../support/mongo.js';
import { NODE_ONLY_PATH, sharedPacks, siblingsOf, tarballsFor } from '../support/packed-package.js';
import { killIfRunning, watchProcess, type ServiceProcess } from '../support/service-process.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MANIFEST = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
const PATH = NODE_ONLY_PATH;
/** An example's sources, which its README, shipped, describes: its tests and scripts stay behind. */
const exampleSources = (example: string) =>
  readdirSync(join(ROOT, `examples/${example}/src`))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `examples/${example}/src/${name}`)
    .sort();
const POSTGRES_EXAMPLE_SOURCES = exampleSources('postgres-storage');
const FASTIFY_EXAMPLE_SOURCES = exampleSources('fastify-host');

/**
 * The files `markdown`'s inline links name, without their anchors: every `[text](target)` outside code
 * but those to a web address, a mail address or a heading of the same page.
 */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)[^)]*\)/g)]
    .map(([, target = '']) => target)
    .filter((target) => !/^(https?:|mailto:|#)/.test(target))
    .map((target) => target.replace(/[#?].*$/, ''));
}

describe('the service, packed and installed globally on a clean prefix from its tarballs alone', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'petstore-install-'));
  const prefix = join(scratch, 'prefix');
  const work = join(scratch, 'work');
  const petstore = join(prefix, 'bin/petstore');
  let packed: string[] = [];
  let service: ServiceProcess | undefined;

  beforeAll(async () => {
    mkdirSync(work);
    const tarballs = await sharedPacks();
    packed = [...(tarballs.get(MANIFEST.name)?.files ?? [])];
    // The set of tarballs the docs name: the service's and its siblings', so that no name of ours is looked up.
    execFileSync(
      'npm',
      [
        'install',
        '--global',
        '--prefix',
        prefix,
        ...tarballsFor(tarballs, MANIFEST.name),
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--loglevel=error',
      ],
      {
        cwd: scratch,
        env: { ...process.env, PATH },
        stdio: 'ignore',
      },
    );
  }, 120_000);

  afterAll(async () => {
    await killIfRunning(service);
    rmSync(scratch, { recursive: true, force: true });
  });

  it('takes each package of ours from its tarball, none from a registry', () => {
    const global = join(prefix, 'lib/node_modules');
    const ours = readdirSync(join(global, '@petstore')).map((name) => `@petstore/${name}`);
    expect(ours.sort()).toEqual(
      siblingsOf(MANIFEST.name)
        .filter((name) => name !== MANIFEST.name)
        .sort(),
    );
    expect(existsSync(join(global, MANIFEST.name, 'node_modules/@petstore'))).toBe(false);
  });

  it('holds what runs and its types, and what its Markdown links to: the docs, the ports, the worked examples', () => {
    const paths = packed;
    expect(paths.filter((path) => !path.startsWith('dist/')).sort()).toEqual([
      'CHANGELOG.md',
      'CONTRIBUTING.md',
      'LICENSE',
      'README.md',
      'core/ports.ts',
      'docs/design.md',
      'docs/operations.md',
      'docs/performance.md',
      'docs/reference.md',
      'docs/reuse.md',
      'examples/fastify-host/README.md',
      ...FASTIFY_EXAMPLE_SOURCES,
      'examples/map-storage/map-pet-repository.ts',
      'examples/postgres-storage/README.md',
      ...POSTGRES_EXAMPLE_SOURCES,
      'package.json',
    ]);
    expect(
      paths.filter((path) => path.startsWith('dist/') && !path.endsWith('.js') && !path.endsWith('.d.ts')),
    ).toEqual([]);
    expect(paths).toContain('dist/app/cli.js');
    expect(paths.filter((path) => /(^|\/)(test|scripts|bench)\//.test(path))).toEqual([]);
  });

  it('links from every Markdown file it holds only to files it holds', () => {
    const installed = join(prefix, 'lib/node_modules', MANIFEST.name);
    const held = new Set(packed);
    const pages = packed.filter((path) => path.endsWith('.md'));
    expect(pages).toContain('README.md');
    const broken = pages.flatMap((page) =>
      relativeLinks(readFileSync(join(installed, page), 'utf8'))
        .map((target) => posix.join(posix.dirname(page), target))
        .filter((path) => !held.has(path))
        .map((path) => `${page} -> ${path}`),
    );
    expect(broken).toEqual([]);
  });

  it('points at no file it does not ship: no source map comment in its modules', () => {
    const modules = packed.filter((path) => path.endsWith('.js'));
    expect(modules.length).toBeGreaterThan(50);
    const installed = join(prefix, 'lib/node_modules', MANIFEST.name);
    expect(modules.filter((path) => readFileSync(join(installed, path), 'utf8').includes('sourceMappingURL'))).toEqual(
      [],
    );
  });

  it.skipIf(OLD_NODE === undefined)(
    'on an older Node, says which Node to install, naming nothing the package lacks',
    () => {
      const run = spawnSync(
        OLD_NODE ?? '',
        [join(prefix, 'lib/node_modules', MANIFEST.name, 'dist/app/cli.js'), '--version'],
        { encoding: 'utf8', env: { PATH }, timeout: 10_000 },
      );
      expect({ status: run.status, stdout: run.stdout }).toEqual({ status: 1, stdout: '' });
      expect(run.stderr).toMatch(
        /^petstore: needs Node 24\.11 or later \(this is Node \d+\.\d+\.\d+\); install Node 24 LTS, then petstore again\n$/,
      );
    },
  );

  it('writes readable logs with LOG_FORMAT=pretty from what it installed, with only node on PATH', async () => {
    const pretty = watchProcess(
      spawn(petstore, ['serve'], {
        cwd: work,
        env: {
          PATH,
          API_KEYS: 'install-key',
          PORT: '0',
          LOG_FORMAT: 'pretty',
          SHUTDOWN_GRACE: '0s',
          STORAGE: 'memory',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    service = pretty;
    await pretty.waitForOutput(/INFO: petstore listening/);
    expect(pretty.output()).toMatch(/^\[[\d:.]+\] INFO: petstore listening \{"host":"127\.0\.0\.1",/);
    pretty.child.kill('SIGTERM');
    expect(await pretty.exited).toBe(0);
  });

  it('installs without TypeScript or any dev dependency', () => {
    const installed = join(prefix, 'lib/node_modules', MANIFEST.name, 'node_modules');
    expect(existsSync(join(installed, 'koa'))).toBe(true);
    for (const tool of ['typescript', 'typescript-7', 'vitest', 'tsx', '@stryker-mutator'])
      expect(existsSync(join(installed, tool))).toBe(false);
  });

  it('puts petstore on PATH, which says its version', () => {
    expect(execFileSync(petstore, ['--version'], { encoding: 'utf8', env: { PATH } })).toBe(`${MANIFEST.version}\n`);
  });

  it('serves with petstore serve; pets add and pets list work on the same SQLite file; SIGTERM drains and exits 0', async () => {
    const env = { PATH, API_KEYS: 'install-key', PORT: '0', SHUTDOWN_GRACE: '1s' };
    // The bin itself, not npm: the process signalled is the service.
    service = watchProcess(spawn(petstore, ['serve'], { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] }));
    const listening = await service.waitForLog('petstore listening');
    expect(listening.storage).toBe('sqlite');
    const base = `http://127.0.0.1:${String(listening.port)}`;
    const headers = { Authorization: 'Bearer install-key', 'Content-Type': 'application/json' };

    const created = await fetch(`${base}/v1/pets`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Over HTTP', categoryId: 1 }),
    });
    expect(created.status).toBe(201);
    expect(
      execFileSync(petstore, ['pets', 'add', '--name', 'From the CLI', '--category-id', '2', '--json'], {
        cwd: work,
        env,
        encoding: 'utf8',
      }),
    ).toBe('{"id":2,"name":"From the CLI","categoryId":2}\n');
    expect(execFileSync(petstore, ['pets', 'list', '--json'], { cwd: work, env, encoding: 'utf8' })).toBe(
      '{"id":1,"name":"Over HTTP","categoryId":1}\n{"id":2,"name":"From the CLI","categoryId":2}\n',
    );
    expect(await (await fetch(`${base}/v1/pets`, { headers })).json()).toEqual([
      { id: 1, name: 'Over HTTP', categoryId: 1 },
      { id: 2, name: 'From the CLI', categoryId: 2 },
    ]);
    expect(existsSync(join(work, 'data/petstore.db'))).toBe(true);

    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    expect(service.logLines().find((line) => line.msg === 'stopped')).toMatchObject({ outcome: 'drained' });
  });
  it.skipIf(testMongo.uri === undefined)(
    `serves on MongoDB with STORAGE=mongo, with the driver it installed${testMongo.skipReason ? ` (skipped: ${testMongo.skipReason})` : ''}`,
    async () => {
      const database = `install_${String(process.pid)}`;
      const env = {
        PATH,
        API_KEYS: 'install-key',
        PORT: '0',
        SHUTDOWN_GRACE: '0s',
        STORAGE: 'mongo',
        MONGODB_URI: testMongo.uri ?? '',
        MONGODB_DB: database,
      };
      service = watchProcess(spawn(petstore, ['serve'], { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] }));
      const listening = await service.waitForLog('petstore listening');
      expect(listening.storage).toBe('mongo');
      const base = `http://127.0.0.1:${String(listening.port)}/v1/pets`;
      const headers = { Authorization: 'Bearer install-key', 'Content-Type': 'application/json' };
      const created = await fetch(base, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Mongo', categoryId: 3 }),
      });
      expect(created.status).toBe(201);
      const pet = (await created.json()) as { id: number };
      expect(await (await fetch(base, { headers })).json()).toEqual([{ id: pet.id, name: 'Mongo', categoryId: 3 }]);
      service.child.kill('SIGTERM');
      expect(await service.exited).toBe(0);
    },
  );
});
