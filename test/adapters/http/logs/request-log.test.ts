import { describe, expect, it } from 'vitest';
import type { HttpLogger } from '../../../../adapters/http/logs/http-logger.js';
import { accessLogOf, type AccessEntry } from '../../../../adapters/http/logs/request-log.js';

describe('the access line, without a log of its own', () => {
  it("is an info line `request` of the logger, with the entry's fields, and a traced request's ids beside its own", () => {
    const written: [string, object, string][] = [];
    const logger: HttpLogger = {
      debug: (details, message) => written.push(['debug', details, message]),
      info: (details, message) => written.push(['info', details, message]),
      warn: (details, message) => written.push(['warn', details, message]),
      error: (details, message) => written.push(['error', details, message]),
      child: () => logger,
    };
    const entry: AccessEntry = {
      requestId: 'r1',
      traceIds: undefined,
      clientAddress: '127.0.0.1',
      keyDigest: undefined,
      method: 'GET',
      path: '/metrics',
      status: 200,
      durationMs: 0.4,
      aborted: undefined,
      userAgent: undefined,
    };
    accessLogOf(logger)(entry);
    accessLogOf(logger)({ ...entry, traceIds: { trace_id: 't', span_id: 's' } });
    const fields = {
      requestId: 'r1',
      clientAddress: '127.0.0.1',
      keyDigest: undefined,
      method: 'GET',
      path: '/metrics',
      status: 200,
      durationMs: 0.4,
      aborted: undefined,
      userAgent: undefined,
    };
    expect(written).toEqual([
      ['info', fields, 'request'],
      ['info', { ...fields, trace_id: 't', span_id: 's' }, 'request'],
    ]);
  });

  it('is a debug line for a probe answered well, and an info line for one that failed or was cut short', () => {
    const written: [string, unknown][] = [];
    const logger: HttpLogger = {
      debug: (details) => written.push(['debug', (details as AccessEntry).path]),
      info: (details) => written.push(['info', (details as AccessEntry).path]),
      warn: () => undefined,
      error: () => undefined,
      child: () => logger,
    };
    const probe = (path: string, status: number | undefined): AccessEntry => ({
      requestId: 'r',
      traceIds: undefined,
      clientAddress: '127.0.0.1',
      keyDigest: undefined,
      method: 'GET',
      path,
      status,
      durationMs: 1,
      aborted: undefined,
      userAgent: undefined,
    });
    for (const entry of [
      probe('/healthz', 200),
      probe('/readyz', 200),
      probe('/readyz', 399),
      probe('/readyz', 400),
      probe('/readyz', 503),
      probe('/healthz', undefined),
      probe('/healthz/', 200),
      probe('/v1/pets', 200),
    ]) {
      accessLogOf(logger)(entry);
    }
    expect(written).toEqual([
      ['debug', '/healthz'],
      ['debug', '/readyz'],
      ['debug', '/readyz'],
      ['info', '/readyz'],
      ['info', '/readyz'],
      ['info', '/healthz'],
      ['info', '/healthz/'],
      ['info', '/v1/pets'],
    ]);
  });
});
