import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../app/host/config.js';
import { SETTLE_LIMIT_MS } from '../../adapters/koa/server/graceful-shutdown.js';
import { NODE_ONLY_PATH, sharedPacks } from '../support/packed-package.js';
import { killIfRunning, watchProcess, type ServiceProcess } from '../support/service-process.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOCKERFILE = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const OPERATIONS = readFileSync(join(ROOT, 'docs/operations.md'), 'utf8');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const MANIFEST = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const PATH = NODE_ONLY_PATH;

/** One stage of the Dockerfile: its instructions, continuation lines joined, comments dropped. */
function stage(name: string): { instruction: string; argument: string }[] {
  const lines = DOCKERFILE.replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));
  const start = lines.findIndex((line) => new RegExp(`^FROM .* AS ${name}$`).test(line));
  const end = lines.findIndex((line, index) => index > start && line.startsWith('FROM '));
  return lines.slice(start + 1, end === -1 ? undefined : end).map((line) => {
    const [, instruction = '', argument = ''] = /^(\S+)\s+(.*)$/.exec(line) ?? [];
    return { instruction, argument };
  });
}

const arguments_ = (instruction: string, of: ReturnType<typeof stage>) =>
  of.filter((step) => step.instruction === instruction).map(({ argument }) => argument);
/** A RUN's command, without BuildKit's cache mount: the same command a shell runs. */
const command = (run: string) => run.replace(/^(--\S+\s+)+/, '');
const execForm = (text: string) => JSON.parse(text.replace(/^(--\S+\s+)*CMD\s+/, '')) as string[];

function folderSize(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.size;
  return readdirSync(path).reduce((total, entry) => total + folderSize(join(path, entry)), 0);
}

/**
 * Each install and start step of the Dockerfile, run outside a container: the build stage's packing of
 * every package, the runtime stage's global install of the tarballs (into a prefix of its own in place of
 * /usr/local), its command with its settings, and its health check. What only a container engine does (the
 * base image, the user, the volume, the ownership of /data) is not run.
 */
describe('the container recipe, each step run outside a container', () => {
  const runtime = stage('runtime');
  const build = stage('build');
  const app = mkdtempSync(join(tmpdir(), 'petstore-image-'));
  const data = join(app, 'volume');
  const packs = join(app, 'packs');
  let service: ServiceProcess | undefined;

  /** Where the image's /usr/local/bin is, outside a container. */
  const bin = join(app, 'usr-local-bin');
  /** A path of the image, as it is outside a container: the image's /app is `app`. */
  const onHost = (text: string) =>
    text
      .replaceAll('/usr/local/bin', bin)
      .replaceAll('/tmp/packs', packs)
      .replaceAll('/app/node_modules', join(app, 'node_modules'));
  const installed = join(app, 'node_modules');
  const [program = '', ...args] = execForm(`CMD ${arguments_('CMD', runtime)[0] ?? ''}`).map(onHost);
  const [healthProgram = '', ...healthArgs] = execForm(arguments_('HEALTHCHECK', runtime)[0] ?? '').map(onHost);

  beforeAll(async () => {
    // RUN npm run pack:all, on the build the tests run on: the kits' tarball is put apart, as the script does.
    mkdirSync(packs);
    for (const [name, { tarball }] of await sharedPacks())
      if (name !== '@petstore/testing') copyFileSync(tarball, join(packs, basename(tarball)));
    // COPY --from=build /app/packs /tmp/packs ; RUN npm install ... /tmp/packs/*.tgz
    const [install, , linkCommand] = arguments_('RUN', runtime);
    execFileSync('sh', ['-c', `${onHost(command(install ?? ''))} --prefer-offline`], {
      cwd: app,
      env: { ...process.env, PATH },
      stdio: 'pipe',
    });
    mkdirSync(bin);
    execFileSync('sh', ['-c', onHost(command(linkCommand ?? ''))], { cwd: app, stdio: 'pipe' });
    mkdirSync(data);
  }, 180_000);

  afterAll(async () => {
    await killIfRunning(service);
    rmSync(app, { recursive: true, force: true });
  });

  it('builds with the commands the project builds and packs with, on the Node version it declares', () => {
    expect(arguments_('RUN', build).map(command)).toEqual(['npm ci --no-audit --no-fund', 'npm run pack:all']);
    expect(MANIFEST.scripts['pack:all']).toMatch(
      /--pack-destination packs && mv packs\/petstore-testing-\*\.tgz packs\/kits\/$/,
    );
    expect(/^ARG NODE_VERSION=(\S+)$/m.exec(DOCKERFILE)?.[1]).toBe(
      readFileSync(join(ROOT, '.node-version'), 'utf8').trim(),
    );
  });

  it('runs as an unprivileged user, with node itself as PID 1, its data on a volume', () => {
    expect(arguments_('USER', runtime)).toEqual(['node']);
    expect(execForm(`CMD ${arguments_('CMD', runtime)[0] ?? ''}`)).toEqual([
      'node',
      'node_modules/petstore/dist/app/cli.js',
      'serve',
    ]);
    expect(arguments_('VOLUME', runtime)).toEqual(['/data']);
    expect(arguments_('ENV', runtime)[0]).toContain('HOST=0.0.0.0');
    expect(arguments_('ENV', runtime)[0]).toContain('SQLITE_PATH=/data/petstore.db');
  });

  it('holds the packages as published and nothing else of the build: no sources, no build information', () => {
    const files = (readdirSync(installed, { recursive: true }) as string[]).filter(
      (path) =>
        /^@?petstore\//.test(path) && !/(^|\/)node_modules\//.test(path) && statSync(join(installed, path)).isFile(),
    );
    expect(files).toContain('petstore/dist/app/health-check.js');
    expect(files).toContain('@petstore/core/dist/index.js');
    // What the service's Markdown links to (the ports, the worked examples) is shipped as source, for reading.
    const forReading = /^petstore\/(examples\/|core\/ports\.ts$)/;
    expect(files.filter((path) => /(?<!\.d)\.ts$|tsbuildinfo$/.test(path) && !forReading.test(path))).toEqual([]);
    expect(existsSync(join(installed, '@petstore/testing'))).toBe(false);
  });

  it('puts petstore on PATH, run by node itself, for the commands and backups', () => {
    const env = { PATH: `${bin}:${PATH}`, SQLITE_PATH: join(data, 'commands.db') };
    expect(
      execFileSync('petstore', ['pets', 'add', '--name', 'Boxed up', '--category-id', '1', '--json'], {
        cwd: app,
        env,
        encoding: 'utf8',
      }),
    ).toBe('{"id":1,"name":"Boxed up","categoryId":1}\n');
    expect(execFileSync('petstore', ['pets', 'export'], { cwd: app, env, encoding: 'utf8' })).toBe(
      '{"id":1,"name":"Boxed up","categoryId":1}\n',
    );
    // The backup example of the Dockerfile's usage lines.
    expect(DOCKERFILE).toContain('docker exec <container> petstore pets export > backup.ndjson');
  });

  it('documents a stop timeout that covers the grace, the settling and the drain', () => {
    const defaults = loadConfig({ API_KEYS: 'k' });
    const needsSeconds = (defaults.shutdownGraceMs + SETTLE_LIMIT_MS + defaults.shutdownTimeoutMs) / 1000;
    const documented = [
      ...[...DOCKERFILE.matchAll(/--stop-timeout (\d+)/g)],
      ...[...DOCKERFILE.matchAll(/stop_grace_period: (\d+)s/g)],
      ...[...OPERATIONS.matchAll(/--stop-timeout (\d+)/g)],
      ...[...OPERATIONS.matchAll(/stop_grace_period: (\d+)s/g)],
      ...[...README.matchAll(/--stop-timeout (\d+)/g)],
    ].map(([, seconds]) => Number(seconds));
    expect(documented.length).toBeGreaterThanOrEqual(4);
    for (const seconds of documented) expect(seconds).toBeGreaterThanOrEqual(needsSeconds);
  });

  it('installs the production dependencies only: no TypeScript, no test tools', () => {
    for (const tool of ['typescript', 'typescript-7', 'vitest', 'tsx', 'markdownlint-cli2'])
      expect(existsSync(join(installed, tool))).toBe(false);
    expect(existsSync(join(installed, 'koa'))).toBe(true);
    // What the image's packages weigh: docs/operations.md gives the figure.
    expect(folderSize(installed)).toBeLessThan(64 * 1024 * 1024);
  });

  it('starts with its command and settings, answers its health check, and drains on SIGTERM with exit 0', async () => {
    const settings = Object.fromEntries(
      [...(arguments_('ENV', runtime)[0] ?? '').matchAll(/(\w+)=(\S+)/g)].map(([, name = '', value = '']) => [
        name,
        value.replace(/^\/data\//, `${data}/`),
      ]),
    );
    // `docker run -e API_KEYS=...`; port 0 rather than the image's 8080, which another program may hold.
    const env = { PATH, ...settings, API_KEYS: 'image-key', PORT: '0', SHUTDOWN_GRACE: '1s' };
    service = watchProcess(spawn(program, args, { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] }));
    const listening = await service.waitForLog('petstore listening');
    expect(listening.host).toBe('0.0.0.0');
    const port = String(listening.port);

    const healthCheck = () =>
      spawnSync(healthProgram, healthArgs, { cwd: app, env: { ...env, PORT: port }, timeout: 5000 }).status;
    expect(healthCheck()).toBe(0);
    const created = await fetch(`http://127.0.0.1:${port}/v1/pets`, {
      method: 'POST',
      headers: { Authorization: 'Bearer image-key', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Boxed', categoryId: 1 }),
    });
    expect(created.status).toBe(201);
    expect(existsSync(join(data, 'petstore.db'))).toBe(true);

    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    expect(healthCheck()).toBe(1);
  });

  it('checks health where HOST says the service listens, a single address too', async () => {
    const env = {
      PATH,
      API_KEYS: 'image-key',
      PORT: '0',
      HOST: '127.0.0.2',
      SQLITE_PATH: join(data, 'host.db'),
      SHUTDOWN_GRACE: '0s',
    };
    const onOtherAddress = watchProcess(spawn(program, args, { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] }));
    service = onOtherAddress;
    const { port } = await onOtherAddress.waitForLog('petstore listening');
    const check = (settings: Record<string, string>) =>
      spawnSync(healthProgram, healthArgs, { cwd: app, env: { PATH, ...settings }, timeout: 5000, encoding: 'utf8' });
    expect(check({ HOST: '127.0.0.2', PORT: String(port) }).status).toBe(0);
    // Nothing answers on the loopback's usual address: the check says where it asked.
    const elsewhere = check({ HOST: '127.0.0.1', PORT: String(port) });
    expect({ status: elsewhere.status, stderr: elsewhere.stderr }).toEqual({
      status: 1,
      stderr: expect.stringMatching(
        new RegExp(`^health check: http://127\\.0\\.0\\.1:${String(port)}/healthz did not answer`),
      ) as unknown,
    });
    onOtherAddress.child.kill('SIGTERM');
    expect(await onOtherAddress.exited).toBe(0);
  });

  it('refuses to start without a key, as production does', async () => {
    const settings = { PATH, NODE_ENV: 'production', PORT: '0', SQLITE_PATH: join(data, 'other.db') };
    const refused = watchProcess(
      spawn(program, args, {
        cwd: app,
        env: settings,
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toBe(
      'petstore: configuration error: API_KEYS or API_KEY_DIGESTS must be set when NODE_ENV=production\n',
    );
  });
});
