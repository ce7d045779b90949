import { spawn, type ChildProcess } from 'node:child_process';

/** npm runs the bench scripts from the project root, where dist-bench/ is built. */
const ROOT = process.cwd();

export interface ChildServer {
  readonly port: number;
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
 */
export async function startChildServer(script: string, env: Record<string, string>): Promise<ChildServer> {
  const compiled = `dist-bench/${script.replace(/\.ts$/, '.js')}`;
  const child: ChildProcess = spawn(process.execPath, ['--expose-gc', compiled], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let output = '';
  const ready = await new Promise<{ port: number; baselineRss: number | undefined }>((resolve, reject) => {
    const readStartup = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /READY (\d+)/.exec(output)?.[1];
      const baseline = /BASELINE_RSS (\d+)/.exec(output)?.[1];
      if (port === undefined) return;
      // From here on the server's stdout is its access log: read and dropped, as a log shipper would.
      child.stdout?.off('data', readStartup);
      child.stdout?.resume();
      resolve({ port: Number(port), baselineRss: baseline === undefined ? undefined : Number(baseline) });
    };
    child.stdout?.on('data', readStartup);
    child.once('exit', (code) => {
      reject(new Error(`${script} exited with ${String(code)} before it was ready:\n${output}`));
    });
  });
  return {
    ...ready,
    rss: () =>
      new Promise((resolve) => {
        child.once('message', (message: { rss: number }) => {
          resolve(message.rss);
        });
        child.send('memory');
      }),
    cpuMicros: () =>
      new Promise((resolve) => {
        child.once('message', (message: { cpuMicros: number }) => {
          resolve(message.cpuMicros);
        });
        child.send('cpu');
      }),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          resolve();
        });
        child.kill('SIGKILL');
      }),
  };
}
