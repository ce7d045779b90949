import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../../testing/tcp-proxy.js';
import { consoleExamples, matchesExample, type ConsoleStep } from '../support/console-examples.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const steps = consoleExamples(README).flat();
/** Between the output of one command and the next: a byte no example prints. */
const SEPARATOR = '\x1e';

/**
 * Runs every console example of the README, in order, in one shell: in a scratch folder laid out as
 * a built clone (its `dist/`), on a free port, with `petstore` on PATH as `npm install -g` puts it
 * there (the bin, run by node itself), and stderr shown with stdout, as a terminal shows both.
 * Returns what each command printed.
 */
async function runExamples(folder: string, port: number): Promise<string[]> {
  symlinkSync(join(ROOT, 'dist'), join(folder, 'dist'));
  const bin = join(folder, 'bin');
  mkdirSync(bin);
  writeFileSync(
    join(bin, 'petstore'),
    `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'dist/app/cli.js')}" "$@"\n`,
  );
  chmodSync(join(bin, 'petstore'), 0o755);
  const script = [
    'exec 2>&1',
    ...steps.map(
      ({ command }, index) =>
        `${command.replaceAll(':8090', `:${port}`).replaceAll('PORT=8090', `PORT=${port}`)}\nprintf '${SEPARATOR}%s${SEPARATOR}' ${index}`,
    ),
  ].join('\n');
  const shell = spawn('bash', ['--noprofile', '--norc', '-c', script], {
    cwd: folder,
    env: {
      PATH: `${bin}:${dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: folder,
      PORT: String(port),
      LANG: 'C.UTF-8',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, so that a service the examples left running is stopped with the shell.
    detached: true,
  });
  let output = '';
  shell.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise((resolve) => shell.once('exit', resolve));
  if (shell.pid !== undefined) {
    try {
      process.kill(-shell.pid, 'SIGKILL');
    } catch {
      // Nothing of the group is left.
    }
  }
  const printed = output.split(new RegExp(`${SEPARATOR}\\d+${SEPARATOR}`));
  return printed.slice(0, steps.length);
}

describe("the README's console examples, run as written", () => {
  const folder = mkdtempSync(join(tmpdir(), 'petstore-readme-'));
  let printed: string[] = [];
  beforeAll(async () => {
    printed = await runExamples(folder, await closedPort());
  }, 60_000);
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('cover the quickstart with a restart, the API, idempotent retries, the command line, export and import', () => {
    const commands = steps.map(({ command }) => command).join('\n');
    for (const shown of [
      'petstore serve > petstore.log &',
      'kill %1; wait %1',
      'curl -s -X POST',
      'Idempotency-Key: ${ORDER:?}',
      'petstore pets add',
      'petstore pets export',
      'petstore pets import',
    ]) {
      expect(commands).toContain(shown);
    }
  });

  it('leave no start-up failing behind them, a service started while the old one still drains included', () => {
    expect(printed.join('')).not.toContain('petstore: failed to start');
  });

  it.each(steps.map((step, index) => [step.command.split('\n')[0] ?? '', index, step] as const))(
    '$ %s',
    (_, index, step: ConsoleStep) => {
      const actual = (printed[index] ?? '').replaceAll('\r', '').replace(/\n$/, '');
      const lines = actual === '' ? [] : actual.split('\n').map((line) => line.trimEnd());
      if (!matchesExample(step.expected, lines)) expect(lines.join('\n')).toBe(step.expected.join('\n'));
    },
  );
});

describe("the README's examples", () => {
  const blocks = [...README.matchAll(/```(?:sh|console)\n([\s\S]*?)```/g)].map(([, block]) => block ?? '');

  it('use only what every machine with Node has (no uuidgen, missing from a stock Debian)', () => {
    expect(blocks.length).toBeGreaterThan(3);
    expect(blocks.filter((block) => /\buuidgen\b/.test(block))).toEqual([]);
  });

  it('stop on an empty Idempotency-Key rather than send none: curl drops an empty header, and the create would not be keyed', () => {
    const keyedHeaders = blocks.flatMap((block) =>
      [...block.matchAll(/Idempotency-Key: ([^"']*)/g)].map(([, value]) => value ?? ''),
    );
    expect(keyedHeaders.length).toBeGreaterThan(0);
    for (const value of keyedHeaders.filter((text) => text.includes('$'))) expect(value).toMatch(/^\$\{[A-Z_]+:\?\}$/);
  });

  it("keep to a folder and a port of their own, which npm start's never are", () => {
    const commands = steps.map(({ command }) => command);
    expect(commands[0]).toBe('mkdir -p try && cd try');
    expect(readFileSync(join(ROOT, '.gitignore'), 'utf8').split('\n')).toContain('try/');
    expect(commands.filter((command) => command.includes(':8080') || /PORT=(?!8090)/.test(command))).toEqual([]);
  });

  it('start the service the way production does, never through npm, where it is signalled', () => {
    const signalled = steps.filter(({ command }) => /\bkill\b/.test(command));
    expect(signalled.length).toBeGreaterThan(1);
    expect(steps.filter(({ command }) => /\bnpm (start|run)|\bnpx\b/.test(command))).toEqual([]);
    expect(README).not.toMatch(/`npx petstore/);
  });

  it('restart the service of a clone by node on its built command, as written', () => {
    const commands = steps.map(({ command }) => command);
    const started = commands.indexOf('node ../dist/app/cli.js serve > petstore.log &');
    expect(started).toBeGreaterThanOrEqual(0);
    expect(commands.slice(started)).toContain('kill %1; wait %1; echo "exit $?"');
  });
});
