import { Agent } from 'node:http';
import { sendOn } from './keep-alive-client.js';
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

/**
 * Keep-alive clients at full speed, each on connections of its own, with no load balancer to stop
 * them: they send until the service refuses to connect. SIGTERM comes in the middle of it.
 */
export async function drainUnderLoad(
  service: ServiceProcess,
  port: number,
  key: string,
  load: DrainLoad,
): Promise<DrainOutcome> {
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
      const path = method === 'GET' ? '/v1/pets?limit=20' : '/v1/pets';
      const outcome = await sendOn(agent, port, {
        method,
        path,
        key,
        idempotencyKey: keyed ? `drain-${index}-${sent}` : undefined,
        timeoutMs: 10_000,
      });
      if ('error' in outcome) {
        if (outcome.error === 'ECONNREFUSED') {
          refused += 1;
          break;
        }
        if (outcome.error === 'ECONNRESET' || outcome.error === 'EPIPE') resets.push({ method, keyed });
        else otherErrors.push(outcome.error);
      } else {
        answered += 1;
        if (outcome.status >= 500) serverErrors += 1;
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
  return {
    answered,
    answeredAfterSignal,
    keptOpenAfterSignal,
    serverErrors,
    resets,
    refused,
    otherErrors,
    exitCode,
    stoppedAfterMs: performance.now() - signalledAt,
  };
}
