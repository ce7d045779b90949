import { afterEach, describe, expect, it } from 'vitest';
import { createMetricsApp } from '../../../adapters/koa/metrics-app.js';
import { HTTP_METRIC_LABELS } from '../../../adapters/koa/metric-labels.js';
import { ServiceMetrics } from '../../../adapters/metrics/service-metrics.js';
import { listen, type RunningServer } from '../../../adapters/koa/server/http-server.js';
import { createLogger } from '../../../adapters/logging/logger.js';
import { loadConfig } from '../../../app/host/config.js';

describe('the metrics app, for METRICS_PORT', () => {
  let running: RunningServer | undefined;
  afterEach(async () => {
    await running?.close(0);
  });

  it('answers GET /metrics, and every other request with the Error shape', async () => {
    const metrics = new ServiceMetrics({ ...HTTP_METRIC_LABELS, storageMethods: { pets: ['add'] } });
    metrics.requestStarted();
    metrics.requestFinished('listPets', '2xx', 0.001);
    const logger = createLogger(loadConfig({ LOG_LEVEL: 'silent' }));
    running = await listen(createMetricsApp(metrics, logger), { port: 0, host: '127.0.0.1', logger });
    const base = `http://127.0.0.1:${running.address.port}`;

    const scraped = await fetch(`${base}/metrics`);
    expect([scraped.status, scraped.headers.get('content-type')]).toEqual([
      200,
      'text/plain; version=0.0.4; charset=utf-8',
    ]);
    expect(await scraped.text()).toContain(
      'petstore_http_request_duration_seconds_count{operation="listPets",status_class="2xx"} 1',
    );
    expect(scraped.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(scraped.headers.get('x-content-type-options')).toBe('nosniff');

    const elsewhere = await fetch(`${base}/v1/pets`);
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toMatchObject({ code: 'not_found', status: 404 });
    // The port answers GET (and HEAD, OPTIONS) alone: any other method is one it implements nowhere.
    const wrongMethod = await fetch(`${base}/metrics`, { method: 'POST' });
    expect(wrongMethod.status).toBe(501);
    expect(await wrongMethod.json()).toEqual({
      code: 'not_implemented',
      message: 'The method is not one this server implements; it answers GET, HEAD and OPTIONS',
      status: 501,
    });
  });
});
