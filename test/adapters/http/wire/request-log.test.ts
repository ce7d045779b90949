import { describe, expect, it } from 'vitest';
import { accessLogOf, type AccessEntry, type HttpLogger } from '../../../../adapters/http/wire/request-log.js';

describe('the access line, without a log of its own', () => {
  it('is an info line `request` of the logger, with the entry\'s fields, and a traced request\'s ids beside its own', () => {
    const written: [string, object, string][] = [];
    const logger: HttpLogger = {
      info: (details, message) => written.push(['info', details, message]),
      warn: (details, message) => written.push(['warn', details, message]),
      error: (details, message) => written.push(['error', details, message]),
      child: () => logger,
    };
    const entry: AccessEntry = { requestId: 'r1', traceIds: undefined, method: 'GET', path: '/metrics', status: 200, durationMs: 0.4, aborted: undefined };
    accessLogOf(logger)(entry);
    accessLogOf(logger)({ ...entry, traceIds: { trace_id: 't', span_id: 's' } });
    const fields = { requestId: 'r1', method: 'GET', path: '/metrics', status: 200, durationMs: 0.4, aborted: undefined };
    expect(written).toEqual([
      ['info', fields, 'request'],
      ['info', { ...fields, trace_id: 't', span_id: 's' }, 'request'],
    ]);
  });
});
