import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ServiceProcess {
  readonly child: ChildProcess;
  /** Everything the process wrote so far, stdout and stderr together. */
  output(): string;
  /** JSON log lines written to stdout so far. */
  logLines(): Record<string, unknown>[];
  waitForLog(message: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** The first line of stdout or stderr that matches `pattern`, once one does (for output that is not JSON). */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<number | null>;
}

/** For an afterEach: kills a service a failed test left running, so that none outlives its test. */
export async function killIfRunning(service: ServiceProcess | undefined): Promise<void> {
  if (service?.child.exitCode !== null) return;
  service.child.kill('SIGKILL');
  await service.exited;
}

/**
 * Runs the built service as `npm start` does (`npm test` builds it first), in its own process, with
 * only the given environment: no TypeScript compiled at each start.
 */
export function startService(
  env: Record<string, string>,
  { cwd = ROOT, args = [] }: { cwd?: string; args?: string[] } = {},
): ServiceProcess {
  return watchProcess(
    spawn(process.execPath, [join(ROOT, 'dist/app/cli.js'), 'serve', ...args], {
      cwd,
      // Memory storage unless a test says otherwise: no test shares a database file with another.
      env: { PATH: process.env.PATH ?? '', PORT: '0', STORAGE: 'memory', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

/** Collects what a service process (or a command wrapping one) writes, and when it exits. */
export function watchProcess(child: ChildProcessByStdio<null, Readable, Readable>): ServiceProcess {
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      resolve(code);
    }),
  );

  const logLines = () =>
    stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  return {
    child,
    output: () => stdout + stderr,
    logLines,
    exited,
    waitForLog: (message, timeoutMs = 15_000) =>
      waitFor(() => logLines().find((candidate) => candidate.msg === message), `log "${message}"`, timeoutMs),
    waitForOutput: (pattern, timeoutMs = 15_000) =>
      waitFor(
        () => `${stdout}${stderr}`.split('\n').find((line) => pattern.test(line)),
        `line matching ${String(pattern)}`,
        timeoutMs,
      ),
  };

  /** Polls for what `find` finds, until the process exits or the time is up. */
  async function waitFor<T>(find: () => T | undefined, what: string, timeoutMs: number): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`no ${what}; output so far:\n${stdout}${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
