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
    spawn(process.execPath, [join(ROOT, 'dist/app/main.js'), ...args], {
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
    async waitForLog(message, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const line = logLines().find((candidate) => candidate.msg === message);
        if (line) return line;
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`no log "${message}"; output so far:\n${stdout}${stderr}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
