// The shared rate limit's A/B: the service limiting in its own buckets (the `port`), then, as the
// `otherPorts`, the same service drawing on the Redis at BENCH_REDIS_URL as RATE_LIMIT_STORE makes it
// (ioredis's auto-pipelining on, as shipped), the same with auto-pipelining off, and the in-process
// service again, the control. Every other feature is on, as by default.
import { writeFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { DEFAULTS } from './features.js';
import { announceReady } from './seed.js';
import { startPetstore } from './petstore.js';

const url = process.env.BENCH_REDIS_URL;
if (url === undefined) throw new Error('BENCH_REDIS_URL must name the Redis the shared services draw on');

/**
 * Starts a service whose Redis client sends each command as it is made, rather than gathering those of
 * one tick into one write. The client is made inside the service's adapter; it defines its script once
 * made, which is where the option is turned off, for the clients made while `start` runs only.
 */
async function withoutAutoPipelining<T>(start: () => Promise<T>): Promise<T> {
  // Read through Reflect: the method is called below with the client it is asked of as `this`.
  const define = Reflect.get(Redis.prototype, 'defineCommand');
  Redis.prototype.defineCommand = function defineUnpiped(this: Redis, ...args: Parameters<Redis['defineCommand']>) {
    this.options.enableAutoPipelining = false;
    Reflect.apply(define, this, args);
  };
  try {
    return await start();
  } finally {
    Redis.prototype.defineCommand = define;
  }
}

/**
 * A round trip to the Redis from this process's CPU, nothing else loaded: `count` PINGs one after the
 * other, their latencies' median and 99th percentile in µs, written to `file` for the bench to report.
 */
async function writeRoundTrip(redisUrl: string, file: string, count: number): Promise<void> {
  const client = new Redis(redisUrl);
  const micros: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = process.hrtime.bigint();
    await client.ping();
    micros.push(Number(process.hrtime.bigint() - started) / 1000);
  }
  client.disconnect();
  const measured = micros.slice(count / 10).sort((a, b) => a - b);
  const at = (fraction: number) => measured[Math.floor(measured.length * fraction)]!;
  writeFileSync(file, JSON.stringify({ p50: at(0.5), p99: at(0.99) }));
}

const shared = { ...DEFAULTS, RATE_LIMIT_STORE: url };
const inProcess = await startPetstore(DEFAULTS);
const piped = await startPetstore(shared);
const unpiped = await withoutAutoPipelining(() => startPetstore(shared));
const control = await startPetstore(DEFAULTS);
const roundTripFile = process.env.BENCH_ROUND_TRIP_FILE;
if (roundTripFile !== undefined) await writeRoundTrip(url, roundTripFile, 5000);
announceReady(inProcess.port, undefined, [piped.port, unpiped.port, control.port]);
