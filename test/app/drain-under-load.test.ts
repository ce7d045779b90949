import { afterEach, describe, expect, it } from 'vitest';
import { drainUnderLoad } from '../support/drain-load.js';
import { killIfRunning, startService, type ServiceProcess } from '../support/service-process.js';

const KEY = 'drain-key';

let service: ServiceProcess | undefined;
afterEach(async () => {
  await killIfRunning(service);
  service = undefined;
});

describe('a shutdown under full keep-alive load, with no load balancer to stop the clients', () => {
  it('resets no request: 50 readers and 5 writers at full speed end with a refused connection, never a reset', async () => {
    service = startService({ API_KEYS: KEY, SHUTDOWN_GRACE: '2s', RATE_LIMIT: '0' });
    const port = (await service.waitForLog('petstore listening')).port as number;
    const outcome = await drainUnderLoad(service, port, KEY, { readers: 50, writers: 5, signalAfterMs: 1_500 });

    // A reset leaves its client not knowing what became of its request: a create may or may not have been added.
    expect(outcome.resets).toEqual([]);
    expect(outcome.otherErrors).toEqual([]);
    expect(outcome.serverErrors).toBe(0);
    // Every client ends the clean way: its next connection refused, before it sent anything.
    expect(outcome.refused).toBe(55);
    expect(outcome.answeredAfterSignal).toBeGreaterThan(55);
    expect(outcome.stoppedAfterMs).toBeGreaterThanOrEqual(2_000);
    expect(outcome.exitCode).toBe(0);
    expect(service.logLines().find((line) => line.msg === 'stopped')).toMatchObject({
      level: 'info',
      outcome: 'drained',
    });
  }, 20_000);
});
