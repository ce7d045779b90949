// Orchestrators and the image's health check probe every few seconds: at LOG_LEVEL=info those
// probes leave no line in the log, while the request metrics count every one of them.
import { afterEach, describe, expect, it } from 'vitest';
import { killIfRunning, startService, type ServiceProcess } from '../../support/service-process.js';

const KEY = 'probe-key';
/** A minute of probing: liveness and readiness each second, from five probers (kubelets, a load balancer, the health check). */
const PROBES = 2 * 60 * 5;

describe('probe requests in the log', () => {
  let service: ServiceProcess | undefined;
  afterEach(async () => {
    await killIfRunning(service);
  });

  it('leave no line at LOG_LEVEL=info after a minute of probes, and are counted in the metrics', async () => {
    service = startService({ API_KEYS: KEY, LOG_LEVEL: 'info', SHUTDOWN_GRACE: '0s' });
    const { port } = await service.waitForLog('petstore listening');
    const base = `http://127.0.0.1:${String(port)}`;
    for (let sent = 0; sent < PROBES; sent += 20) {
      const statuses = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          fetch(`${base}${index % 2 === 0 ? '/healthz' : '/readyz'}`).then((response) => response.status),
        ),
      );
      expect(statuses.every((status) => status === 200)).toBe(true);
    }
    expect((await fetch(`${base}/v1/pets`, { headers: { Authorization: `Bearer ${KEY}` } })).status).toBe(200);
    await service.waitForLog('request');
    const metrics = await (await fetch(`${base}/metrics`)).text();

    const accessLines = service.logLines().filter((line) => line.msg === 'request');
    expect(accessLines.map((line) => line.path)).toEqual(['/v1/pets']);
    expect(service.output()).not.toMatch(/healthz|readyz/);
    expect(
      /petstore_http_request_duration_seconds_count\{operation="other",status_class="2xx"\} (\d+)/.exec(metrics)?.[1],
    ).toBe(String(PROBES));
  });

  it('are logged at LOG_LEVEL=debug, at debug', async () => {
    service = startService({ API_KEYS: KEY, LOG_LEVEL: 'debug', SHUTDOWN_GRACE: '0s' });
    const { port } = await service.waitForLog('petstore listening');
    expect((await fetch(`http://127.0.0.1:${String(port)}/readyz`)).status).toBe(200);
    const line = await service.waitForLog('request');
    expect({ level: line.level, path: line.path, status: line.status }).toEqual({
      level: 'debug',
      path: '/readyz',
      status: 200,
    });
  });
});
