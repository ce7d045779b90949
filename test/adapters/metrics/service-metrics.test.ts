import { describe, expect, it } from 'vitest';
import { ServiceMetrics } from '../../../adapters/metrics/service-metrics.js';
import { samplesOf, valueOf } from '../../support/prometheus-text.js';

/** The request labels a host gives; the service's own come from the HTTP adapter. */
const LABELS = { operations: ['listPets', 'other'], statusClasses: ['2xx', 'aborted'] };

describe('ServiceMetrics', () => {
  it('has request series only for the label values it was made with, each at zero from the start', async () => {
    const metrics = new ServiceMetrics({ ...LABELS, storageMethods: {} });
    expect(() => {
      metrics.requestFinished('getPet', '2xx', 0.001);
    }).toThrow('no series for the label value getPet');
    expect(() => {
      metrics.requestFinished('listPets', '5xx', 0.001);
    }).toThrow('no series for the label value 5xx');
    expect(() => {
      metrics.requestRateLimited('createPet');
    }).toThrow('no series for the label value createPet');
    metrics.requestFinished('other', 'aborted', 0.001);
    metrics.requestRateLimited('listPets');
    const samples = samplesOf((await metrics.exposition()).text);
    const requests = (operation: string, statusClass: string) =>
      valueOf(samples, 'petstore_http_request_duration_seconds_count', { operation, status_class: statusClass });
    expect([
      requests('other', 'aborted'),
      requests('listPets', 'aborted'),
      requests('listPets', '2xx'),
      requests('other', '2xx'),
    ]).toEqual([1, 0, 0, 0]);
    expect(valueOf(samples, 'petstore_http_rate_limited_requests_total', { operation: 'listPets' })).toBe(1);
    expect(valueOf(samples, 'petstore_http_rate_limited_requests_total', { operation: 'other' })).toBe(0);
  });

  it('counts adds refused for want of pet ids, from zero', async () => {
    const metrics = new ServiceMetrics({ ...LABELS, storageMethods: {} });
    const refused = async () =>
      valueOf(samplesOf((await metrics.exposition()).text), 'petstore_pet_ids_exhausted_total', {});
    expect(await refused()).toBe(0);
    metrics.petIdsExhausted();
    metrics.petIdsExhausted();
    expect(await refused()).toBe(2);
  });

  it('counts each fall-back of the shared rate limit, and shows 1 while the instance limits on its own', async () => {
    const metrics = new ServiceMetrics({ ...LABELS, storageMethods: {} });
    const standing = async () => {
      const { text } = await metrics.exposition();
      const samples = samplesOf(text);
      return [
        valueOf(samples, 'petstore_rate_limit_store_fallbacks_total', {}),
        valueOf(samples, 'petstore_rate_limit_store_fallen_back', {}),
        /^# TYPE petstore_rate_limit_store_fallen_back gauge$/m.test(text),
        /^# TYPE petstore_rate_limit_store_fallbacks_total counter$/m.test(text),
      ];
    };
    expect(await standing()).toEqual([0, 0, true, true]);
    metrics.rateLimitFellBack();
    expect(await standing()).toEqual([1, 1, true, true]);
    metrics.rateLimitReturned();
    metrics.rateLimitFellBack();
    expect(await standing()).toEqual([2, 1, true, true]);
    metrics.rateLimitReturned();
    expect(await standing()).toEqual([2, 0, true, true]);
  });

  it('gives a timer only for the store methods it was made with: no other label value can appear', () => {
    const metrics = new ServiceMetrics({ ...LABELS, storageMethods: { pets: ['add'] } });
    expect(() => metrics.storageCallTimer('pets', 'drop')).toThrow('no storage series for pets drop');
    expect(() => metrics.storageCallTimer('other', 'add')).toThrow('no storage series for other add');
  });

  it('counts each store method and outcome in its own series', async () => {
    const metrics = new ServiceMetrics({
      ...LABELS,
      storageMethods: { pets: ['add', 'list'], idempotency: ['claim'] },
    });
    metrics.storageCallTimer('pets', 'list')('unavailable', 0.002);
    metrics.storageCallTimer('idempotency', 'claim')('ok', 0.0001);
    metrics.storageCallTimer('idempotency', 'claim')('error', 0.0001);
    const samples = samplesOf((await metrics.exposition()).text);
    const count = (store: string, method: string, outcome: string) =>
      valueOf(samples, 'petstore_storage_call_duration_seconds_count', { store, method, outcome });
    expect([count('pets', 'add', 'ok'), count('pets', 'list', 'unavailable'), count('pets', 'list', 'ok')]).toEqual([
      0, 1, 0,
    ]);
    expect([
      count('idempotency', 'claim', 'ok'),
      count('idempotency', 'claim', 'error'),
      count('idempotency', 'claim', 'unavailable'),
    ]).toEqual([1, 1, 0]);
    expect(
      valueOf(samples, 'petstore_storage_call_duration_seconds_sum', {
        store: 'pets',
        method: 'list',
        outcome: 'unavailable',
      }),
    ).toBe(0.002);
  });

  it('declares each metric with its type and a description, and times in buckets from a tenth of a millisecond to 5 s', async () => {
    const { text } = await new ServiceMetrics({ ...LABELS, storageMethods: { pets: ['add'] } }).exposition();
    const declared = (name: string) => ({
      type: new RegExp(`^# TYPE ${name} (\\w+)$`, 'm').exec(text)?.[1],
      help: new RegExp(`^# HELP ${name} (.+)$`, 'm').exec(text)?.[1]?.length,
    });
    expect(declared('petstore_http_request_duration_seconds')).toEqual({
      type: 'histogram',
      help: expect.any(Number) as number,
    });
    expect(declared('petstore_http_requests_in_flight')).toEqual({ type: 'gauge', help: expect.any(Number) as number });
    expect(declared('petstore_storage_call_duration_seconds')).toEqual({
      type: 'histogram',
      help: expect.any(Number) as number,
    });
    expect(declared('petstore_http_rate_limited_requests_total')).toEqual({
      type: 'counter',
      help: expect.any(Number) as number,
    });
    expect(declared('petstore_idempotent_replays_total')).toEqual({
      type: 'counter',
      help: expect.any(Number) as number,
    });
    expect(declared('petstore_pet_ids_exhausted_total')).toEqual({
      type: 'counter',
      help: expect.any(Number) as number,
    });
    for (const name of ['petstore_http_request_duration_seconds', 'petstore_storage_call_duration_seconds']) {
      const bounds = samplesOf(text)
        .filter(
          (sample) =>
            sample.name === `${name}_bucket` &&
            sample.labels.status_class !== '1xx' &&
            sample.labels.outcome !== 'error',
        )
        .map((sample) => sample.labels.le);
      expect(new Set(bounds)).toEqual(
        new Set([
          '0.0001',
          '0.00025',
          '0.0005',
          '0.001',
          '0.0025',
          '0.005',
          '0.01',
          '0.025',
          '0.05',
          '0.1',
          '0.25',
          '0.5',
          '1',
          '2.5',
          '5',
          '+Inf',
        ]),
      );
    }
  });

  it('keeps two services in one process apart', async () => {
    const one = new ServiceMetrics({ ...LABELS, storageMethods: { pets: ['add'] } });
    const other = new ServiceMetrics({ ...LABELS, storageMethods: { pets: ['add'] } });
    one.requestStarted();
    one.requestFinished('listPets', '2xx', 0.001);
    const count = async (metrics: ServiceMetrics) =>
      valueOf(samplesOf((await metrics.exposition()).text), 'petstore_http_request_duration_seconds_count', {
        operation: 'listPets',
        status_class: '2xx',
      });
    expect([await count(one), await count(other)]).toEqual([1, 0]);
  });
});
