// A request's latency with nothing queued before it: one client on one kept connection, each request
// sent once the last is answered, timed to the microsecond (autocannon's histogram counts whole ms).
import { Agent, request } from 'node:http';
import { BENCH_KEY } from './servers/seed.js';

/** `count` requests for `path` on `port`, one after the other; their latencies in µs, in order. */
export async function sequentialLatencies(port: number, path: string, count: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const micros: number[] = [];
  try {
    for (let index = 0; index < count; index += 1) {
      const started = process.hrtime.bigint();
      await new Promise<void>((resolve, reject) => {
        const sent = request(
          { host: '127.0.0.1', port, path, agent, headers: { authorization: `Bearer ${BENCH_KEY}` } },
          (response) => {
            if (response.statusCode !== 200) reject(new Error(`${path} answered ${String(response.statusCode)}`));
            response.resume();
            response.once('end', resolve);
          },
        );
        sent.once('error', reject);
        sent.end();
      });
      micros.push(Number(process.hrtime.bigint() - started) / 1000);
    }
  } finally {
    agent.destroy();
  }
  return micros;
}

/** The value at `fraction` (0.5 the median, 0.99 the 99th percentile) of `values`. */
export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}
