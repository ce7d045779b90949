import { spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './nginx-proxy.js';
import { watchProcess, type ServiceProcess } from './service-process.js';
import { systemProgram } from './system-program.js';

/** Debian's redis-server, which .ci/run installs; the reason a file skips when there is none. */
export const REDIS_SERVER = systemProgram('redis-server', 'redis-server');

export interface RedisServer {
  /** `redis://127.0.0.1:PORT` */
  readonly url: string;
  readonly process: ServiceProcess;
  /** Freezes it (SIGSTOP): its connections stay open, and nothing is answered. */
  freeze(): void;
  /** Resumes it (SIGCONT). */
  thaw(): void;
  /** Empties it: each test's buckets start full. */
  flush(): Promise<void>;
  /** Stops it by its PID, thawed first so that it can exit. */
  stop(): Promise<void>;
}

/** A redis-server of the test's own, on a free port of 127.0.0.1, keeping nothing on disk. */
export async function startRedis(): Promise<RedisServer> {
  if (!('path' in REDIS_SERVER)) throw new Error(REDIS_SERVER.missing);
  const port = await freePort();
  const redis = watchProcess(
    spawn(REDIS_SERVER.path, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  await redis.waitForOutput(/Ready to accept connections/, 10_000);
  const url = `redis://127.0.0.1:${port}`;
  const signal = (name: NodeJS.Signals) => redis.child.exitCode === null && redis.child.kill(name);
  return {
    url,
    process: redis,
    freeze: () => signal('SIGSTOP'),
    thaw: () => signal('SIGCONT'),
    flush: async () => {
      const client = new Redis(url);
      await client.flushall();
      client.disconnect();
    },
    stop: async () => {
      signal('SIGCONT');
      signal('SIGTERM');
      await redis.exited;
    },
  };
}
