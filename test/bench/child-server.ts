import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  CPU_QUESTION,
  isReady,
  MEMORY_QUESTION,
  type ChildMessage,
  type CpuAnswer,
  type MemoryAnswer,
  type ReadyMessage,
} from './ipc-messages.js';

/** npm runs the bench scripts from the project root, where dist-bench/ is built. */
const ROOT = process.cwd();

export interface ChildServer {
  readonly port: number;
  /** The other services' ports, for a server that runs several (the A/B server). */
  readonly otherPorts: readonly number[];
  readonly baselineRss: number | undefined;
  /** RSS of the server process after a full GC, asked over IPC. */
  rss(): Promise<number>;
  /** CPU time (user + system) the server process has used so far, in microseconds. */
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts a bench server in its own process, so the load generator never shares its event loop.
 * It runs the compiled JavaScript (`npm run build:bench`), as `npm start` does, not tsx.
 * Its stdout (the access log) goes to a file, as in production it goes to a collector: were it
 * piped here, this process would spend on reading it the CPU its load generator needs.
 * `options.cpu` confines the server to one CPU; `options.root` runs another checkout's build of it.
 */
export async function startChildServer(
  script: string,
  env: Record<string, string>,
  options: { cpu?: number | undefined; root?: string | undefined } = {},
): Promise<ChildServer> {
  const root = resolve(options.root ?? ROOT);
  const compiled = join(root, 'dist-bench', script.replace(/\.ts$/, '.js'));
  const logDir = mkdtempSync(join(tmpdir(), 'petstore-bench-'));
  const logFile = join(logDir, 'stdout.log');
  const stdout = openSync(logFile, 'w');
  const node = [process.execPath, '--expose-gc', compiled];
  // With a cpu given, the server runs on that CPU only (see cpu-pinning.ts).
  const [command, ...args] = options.cpu === undefined ? node : ['taskset', '-c', String(options.cpu), ...node];
  const child: ChildProcess = spawn(command!, args, {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', stdout, 'inherit', 'ipc'],
  });
  closeSync(stdout);
  const ready = await new Promise<ReadyMessage['ready']>((resolve, reject) => {
    const onExit = (code: number | null) => {
      reject(new Error(`${script} exited with ${String(code)} before it was ready:\n${readFileSync(logFile, 'utf8')}`));
    };
    child.once('exit', onExit);
    child.on('message', function awaitReady(message: ChildMessage) {
      if (!isReady(message)) return;
      child.off('message', awaitReady);
      child.off('exit', onExit);
      resolve(message.ready);
    });
  });
  /** One question at a time: the next message is its answer. */
  const ask = <Answer extends ChildMessage>(question: string) =>
    new Promise<Answer>((resolve) => {
      child.once('message', (answer: Answer) => {
        resolve(answer);
      });
      child.send(question);
    });
  return {
    port: ready.port,
    otherPorts: ready.otherPorts ?? [],
    baselineRss: ready.baselineRss,
    rss: async () => (await ask<MemoryAnswer>(MEMORY_QUESTION)).rss,
    cpuMicros: async () => (await ask<CpuAnswer>(CPU_QUESTION)).cpuMicros,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(logDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGKILL');
      }),
  };
}
