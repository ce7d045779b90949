// A redis-server of the bench's own, on a free port of the loopback, keeping nothing on disk.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';

export interface BenchRedis {
  /** `redis://127.0.0.1:PORT` */
  readonly url: string;
  /** The CPU time (user + system) the server has used so far, in microseconds, as it reports it. */
  cpuMicros(): Promise<number>;
  /** Stops it by its PID. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts `REDIS_SERVER` (redis-server on PATH unless it names another), on CPU `cpu` when one is
 * given: with the load generator, off the CPU whose time the bench reads.
 */
export async function startBenchRedis(cpu: number | undefined): Promise<BenchRedis> {
  const port = await freePort();
  const program = process.env.REDIS_SERVER ?? 'redis-server';
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  // taskset executes the server in its own place: the PID is the server's.
  const child =
    cpu === undefined
      ? spawn(program, args, { stdio: ['ignore', 'pipe', 'inherit'] })
      : spawn('taskset', ['-c', String(cpu), program, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => {
      reject(new Error(`${program} exited with ${String(code)}:\n${output}`));
    });
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
  });
  const url = `redis://127.0.0.1:${String(port)}`;
  const client = new Redis(url);
  return {
    url,
    async cpuMicros() {
      const info = await client.info('cpu');
      const seconds = (field: string) => Number(new RegExp(`^${field}:([\\d.]+)`, 'm').exec(info)?.[1]);
      return (seconds('used_cpu_user') + seconds('used_cpu_sys')) * 1e6;
    },
    async stop() {
      client.disconnect();
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
