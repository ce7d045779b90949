import { Agent } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { sendOn, type Sent } from '../support/keep-alive-client.js';
import { killIfRunning, startService, type ServiceProcess } from '../support/service-process.js';

/** Keep-alive clients, as a load balancer or a busy API client holds them. */
const CLIENTS = 50;
const GRACE_MS = 1_000;
const KEY = 'drain-key';

let service: ServiceProcess | undefined;
afterEach(async () => {
  await killIfRunning(service);
  service = undefined;
});

type Answer = Exclude<Sent, { error: string }>;

/** One request with the test's key, on the agent's connections. */
const send = (agent: Agent, port: number, method: 'GET' | 'POST', path: string) =>
  sendOn(agent, port, { method, path, key: KEY, timeoutMs: 5_000 });

describe('a rolling restart under keep-alive load', () => {
  it('resets no request and answers no 5xx: on SIGTERM it stays up for the grace, not ready, closing each connection after its answer', async () => {
    // What the clients see of each request; a reset (ECONNRESET) or a refusal is a failure here.
    service = startService({ API_KEYS: KEY, SHUTDOWN_GRACE: `${GRACE_MS / 1000}s`, RATE_LIMIT: '0' });
    const port = (await service.waitForLog('petstore listening')).port as number;
    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
    const answers: Answer[] = [];
    const failures: string[] = [];
    let drainingSeen = false;
    const sentWhileDraining: Answer[] = [];
    // A load balancer's health check, every 100 ms: once /readyz has failed three times in a row, it
    // sends this instance no new requests. Until then the clients send as fast as they are answered.
    let inRotation = true;
    const healthCheck = (async () => {
      for (let failedChecks = 0; failedChecks < 3;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const probe = await send(new Agent(), port, 'GET', '/readyz');
        failedChecks = 'status' in probe && probe.status === 200 ? 0 : failedChecks + 1;
      }
      inRotation = false;
    })();
    const clients = Array.from({ length: CLIENTS }, async (_, index) => {
      while (inRotation) {
        const draining = drainingSeen;
        const answer = await send(agent, port, index % 2 === 0 ? 'GET' : 'POST', '/v1/pets');
        if ('error' in answer) {
          failures.push(answer.error);
          return;
        }
        answers.push(answer);
        if (draining) sentWhileDraining.push(answer);
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const signalledAt = performance.now();
    service.child.kill('SIGTERM');
    // Once the service has taken the signal: a probe sent at once may overtake it.
    await service.waitForLog('shutting down: finishing in-flight requests');
    const readiness = await send(new Agent(), port, 'GET', '/readyz');
    drainingSeen = true;
    await Promise.all([healthCheck, ...clients]);
    const exitCode = await service.exited;
    const stoppedAfterMs = performance.now() - signalledAt;
    agent.destroy();

    expect(failures).toEqual([]);
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(answers.length).toBeGreaterThan(CLIENTS * 2);
    expect(readiness).toMatchObject({ status: 503, connection: 'close' });
    // Requests kept coming until the balancer saw /readyz fail, and each answer then closed its connection.
    expect(sentWhileDraining.length).toBeGreaterThan(0);
    expect(sentWhileDraining.filter((answer) => answer.connection !== 'close')).toEqual([]);
    expect(stoppedAfterMs).toBeGreaterThanOrEqual(GRACE_MS);
    expect(exitCode).toBe(0);
    expect(service.logLines().find((line) => line.msg === 'stopped')).toMatchObject({ outcome: 'drained' });
  });
});
