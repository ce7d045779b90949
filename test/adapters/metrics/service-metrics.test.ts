import { describe, expect, it } from 'vitest';
import { ServiceMetrics } from '../../../adapters/metrics/service-metrics.js';
import { samplesOf, valueOf } from '../../support/prometheus-text.js';

describe('ServiceMetrics', () => {
  it('gives a timer only for the store methods it was made with: no other label value can appear', () => {
    const metrics = new ServiceMetrics({ pets: ['add'] });
    expect(() => metrics.storageCallTimer('pets', 'drop')).toThrow('no storage series for pets drop');
    expect(() => metrics.storageCallTimer('other', 'add')).toThrow('no storage series for other add');
  });

  it('counts each store method and outcome in its own series', async () => {
    const metrics = new ServiceMetrics({ pets: ['add', 'list'], idempotency: ['claim'] });
    metrics.storageCallTimer('pets', 'list')('unavailable', 0.002);
    metrics.storageCallTimer('idempotency', 'claim')('ok', 0.0001);
    metrics.storageCallTimer('idempotency', 'claim')('error', 0.0001);
    const samples = samplesOf((await metrics.exposition()).text);
    const count = (store: string, method: string, outcome: string) =>
      valueOf(samples, 'petstore_storage_call_duration_seconds_count', { store, method, outcome });
    expect([count('pets', 'add', 'ok'), count('pets', 'list', 'unavailable'), count('pets', 'list', 'ok')]).toEqual([0, 1, 0]);
    expect([count('idempotency', 'claim', 'ok'), count('idempotency', 'claim', 'error'), count('idempotency', 'claim', 'unavailable')]).toEqual([1, 1, 0]);
    expect(valueOf(samples, 'petstore_storage_call_duration_seconds_sum', { store: 'pets', method: 'list', outcome: 'unavailable' })).toBe(0.002);
  });

  it('keeps two services in one process apart', async () => {
    const one = new ServiceMetrics({ pets: ['add'] });
    const other = new ServiceMetrics({ pets: ['add'] });
    one.requestStarted();
    one.requestFinished('createPet', '2xx', 0.001);
    const count = async (metrics: ServiceMetrics) =>
      valueOf(samplesOf((await metrics.exposition()).text), 'petstore_http_request_duration_seconds_count', { operation: 'createPet', status_class: '2xx' });
    expect([await count(one), await count(other)]).toEqual([1, 0]);
  });
});
