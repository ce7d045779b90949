// LOG_FORMAT=pretty: the service's own lines made readable by pino-pretty, a dependency of the
// package, so that reading the logs needs no download when the service runs.
import { afterEach, describe, expect, it } from 'vitest';
import { killIfRunning, startService, type ServiceProcess } from '../../support/service-process.js';

const KEY = 'pretty-key';

describe('LOG_FORMAT', () => {
  let service: ServiceProcess | undefined;
  afterEach(async () => {
    await killIfRunning(service);
  });

  it('pretty writes one readable line an event, no JSON, probes left to debug as in JSON', async () => {
    service = startService({ API_KEYS: KEY, LOG_FORMAT: 'pretty', SHUTDOWN_GRACE: '0s' });
    const listening = await service.waitForOutput(/INFO: petstore listening/);
    expect(listening).toMatch(
      /^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: petstore listening \{"host":"127\.0\.0\.1","port":\d+,"storage":"memory",/,
    );
    const port = /"port":(\d+)/.exec(listening)?.[1] ?? '';
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect(
      (await fetch(`http://127.0.0.1:${port}/v1/pets`, { headers: { Authorization: `Bearer ${KEY}` } })).status,
    ).toBe(200);
    const request = await service.waitForOutput(/INFO: request/);
    expect(request).toMatch(
      /^\[[\d:.]+\] INFO: request \{"requestId":"[0-9a-f-]{36}","clientAddress":"127\.0\.0\.1","keyDigest":"[0-9a-f]{12}","method":"GET","path":"\/v1\/pets","status":200,"durationMs":[\d.]+,"userAgent":"node"\}$/,
    );
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    const lines = service.output().trimEnd().split('\n');
    expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
    expect(lines.filter((line) => line.includes('/healthz'))).toEqual([]);
    expect(lines.at(-1)).toMatch(/INFO: petstore stopped|INFO: .*stopped/);
  });

  it('refuses a format it does not know, naming the choices', async () => {
    service = startService({ API_KEYS: KEY, LOG_FORMAT: 'xml' });
    expect(await service.exited).toBe(1);
    expect(service.output()).toBe('petstore: configuration error: LOG_FORMAT must be one of json, pretty\n');
  });
});
