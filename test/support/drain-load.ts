import { Agent, request as httpRequest } from 'node:http';
import type { ServiceProcess } from './service-process.js';

export interface DrainLoad {
  /** Clients sending GET /v1/pets?limit=20, and clients sending POST /v1/pets (every other one keyed). */
  readonly readers: number;
  readonly writers: number;
  /** SIGTERM this long after the load began. */
  readonly signalAfterMs: number;
}

export interface DrainOutcome {
  readonly answered: number;
  readonly answeredAfterSignal: number;
  /** Answers after the signal that did not carry `Connection: close`. */
  readonly keptOpenAfterSignal: number;
  readonly serverErrors: number;
  /** Requests sent on a connection the server reset: the client cannot know what became of them. */
  readonly resets: { readonly method: string; readonly keyed: boolean }[];
  /** Connections refused: nothing was sent, the clean end of each client. */
  readonly refused: number;
  readonly otherErrors: string[];
  readonly exitCode: number | null;
  readonly stoppedAfterMs: number;
}

interface Sent {
  readonly status?: number;
  readonly connection?: string | undefined;
  readonly error?: string;
}

function send(agent: Agent, port: number, method: 'GET' | 'POST', key: string, idempotencyKey?: string): Promise<Sent> {
  return new Promise((resolve) => {
    const body = method === 'POST' ? JSON.stringify({ name: 'Rex', categoryId: 1 }) : undefined;
    const headers: Record<string, string> = { Authorization: `Bearer ${key}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
    const request = httpRequest({ agent, host: '127.0.0.1', port, method, path: method === 'GET' ? '/v1/pets?limit=20' : '/v1/pets', headers, timeout: 10_000 }, (response) => {
      response.resume();
      response.on('end', () => { resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }); });
      response.on('error', (error: NodeJS.ErrnoException) => { resolve({ error: error.code ?? error.message }); });
    });
    request.on('timeout', () => request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    request.on('error', (error: NodeJS.ErrnoException) => { resolve({ error: error.code ?? error.message }); });
    request.end(body);
  });
}

/**
 * Keep-alive clients at full speed, each on connections of its own, with no load balancer to stop
 * them: they send until the service refuses to connect. SIGTERM comes in the middle of it.
 */
export async function drainUnderLoad(service: ServiceProcess, port: number, key: string, load: DrainLoad): Promise<DrainOutcome> {
  let signalled = false;
  let answered = 0;
  let answeredAfterSignal = 0;
  let keptOpenAfterSignal = 0;
  let serverErrors = 0;
  let refused = 0;
  const resets: { method: string; keyed: boolean }[] = [];
  const otherErrors: string[] = [];
  const client = async (method: 'GET' | 'POST', index: number) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (let sent = 0; ; sent += 1) {
      const keyed = method === 'POST' && index % 2 === 0;
      const afterSignal = signalled;
      const outcome = await send(agent, port, method, key, keyed ? `drain-${index}-${sent}` : undefined);
      if (outcome.error === 'ECONNREFUSED') {
        refused += 1;
        break;
      }
      if (outcome.error === 'ECONNRESET' || outcome.error === 'EPIPE') resets.push({ method, keyed });
      else if (outcome.error !== undefined) otherErrors.push(outcome.error);
      else {
        answered += 1;
        if ((outcome.status ?? 0) >= 500) serverErrors += 1;
        if (afterSignal) {
          answeredAfterSignal += 1;
          if (outcome.connection !== 'close') keptOpenAfterSignal += 1;
        }
      }
    }
    agent.destroy();
  };
  const clients = [
    ...Array.from({ length: load.readers }, (_, index) => client('GET', index)),
    ...Array.from({ length: load.writers }, (_, index) => client('POST', index)),
  ];
  await new Promise((resolve) => setTimeout(resolve, load.signalAfterMs));
  const signalledAt = performance.now();
  service.child.kill('SIGTERM');
  signalled = true;
  await Promise.all(clients);
  const exitCode = await service.exited;
  return { answered, answeredAfterSignal, keptOpenAfterSignal, serverErrors, resets, refused, otherErrors, exitCode, stoppedAfterMs: performance.now() - signalledAt };
}
