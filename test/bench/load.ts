// What the bench servers are loaded with, and how: autocannon, with the server's CPU time read around each run.
import autocannon from 'autocannon';
import type { ChildServer } from './child-server.js';
import { BENCH_KEY } from './servers/seed.js';

const NEW_PET = JSON.stringify({ name: 'Bench', categoryId: 1, status: 'available' });
const FIRST_PAGE = { method: 'GET', path: '/v1/pets?limit=20' } as const;
const CREATE = { method: 'POST', path: '/v1/pets', body: NEW_PET } as const;
export const WORKLOADS = [
  { name: 'list limit=20', ...FIRST_PAGE },
  { name: 'list status=sold limit=100', method: 'GET', path: '/v1/pets?status=sold&limit=100' },
  { name: 'create', ...CREATE },
  { name: 'get by id', method: 'GET', path: '/v1/pets/5000' },
] as const;

/**
 * Reads with writes among them, nine pages to a create on each connection in turn: what a cache of
 * pages kept until a write saves when writes come (`npm run bench:compare` runs it last).
 */
export const MIXED_WORKLOAD = {
  name: 'list limit=20, a create in ten',
  requests: [...Array.from({ length: 9 }, () => FIRST_PAGE), CREATE],
} as const;

export const SEED_PETS = 10_000;
export const CONNECTIONS = 50;

export interface Sample {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests answered in the run. */
  requests: number;
  /** The server's CPU time (user + system) per request answered, in microseconds. */
  cpuMicrosPerRequest: number;
}

export type Workload = (typeof WORKLOADS)[number] | typeof MIXED_WORKLOAD;

/** Loads one of the server's services (its first unless `port` says otherwise) and reads its CPU time around the run. */
export async function load(
  server: ChildServer,
  workload: Workload,
  seconds: number,
  port = server.port,
): Promise<Sample> {
  const cpuBefore = await server.cpuMicros();
  const origin = `http://127.0.0.1:${port}`;
  const result = await autocannon({
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${BENCH_KEY}`, 'content-type': 'application/json' },
    ...('requests' in workload
      ? { url: origin, requests: [...workload.requests] }
      : {
          url: `${origin}${workload.path}`,
          method: workload.method,
          ...('body' in workload ? { body: workload.body } : {}),
        }),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // A refused or failed request is an error, whatever the speed it came back at.
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    cpuMicrosPerRequest: ((await server.cpuMicros()) - cpuBefore) / result.requests.total,
  };
}

/** The median of the rounds: one round disturbed by a noisy neighbour does not move it. */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
