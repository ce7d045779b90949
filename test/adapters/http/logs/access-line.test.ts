import fc from 'fast-check';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessLogOf, type AccessEntry } from '../../../../adapters/http/logs/request-log.js';
import { jsonTextAccessLog } from '../../../../adapters/http/logs/access-line.js';
import { createLogger } from '../../../../adapters/logging/logger.js';

/** The service's logger at `logLevel`, and the lines written to it. */
function serviceLog(logLevel: 'debug' | 'info' | 'warn') {
  const lines: string[] = [];
  const logger = createLogger({ logLevel }, { write: (line: string) => lines.push(line) });
  return { logger, lines, accessLine: jsonTextAccessLog(logger) };
}

/**
 * Strings as a request's method and path reach the service: Node's HTTP parser hands them over as
 * Latin-1 text, each character one byte, control characters, quotes and backslashes included.
 */
const latin1Text = fc.string({
  unit: fc.integer({ min: 0, max: 0xff }).map((code) => String.fromCharCode(code)),
  maxLength: 120,
});

const anAccessEntry: fc.Arbitrary<AccessEntry> = fc.record({
  requestId: fc.oneof(fc.uuid(), fc.stringMatching(/^[A-Za-z0-9\-._~:;=+/@]{1,128}$/)),
  traceIds: fc.option(
    fc.record({ trace_id: fc.stringMatching(/^[0-9a-f]{32}$/), span_id: fc.stringMatching(/^[0-9a-f]{16}$/) }),
    { nil: undefined },
  ),
  clientAddress: fc.oneof(fc.ipV4(), fc.ipV6(), fc.constant('')),
  keyDigest: fc.option(fc.stringMatching(/^[0-9a-f]{12}$/), { nil: undefined }),
  method: fc.oneof(fc.constantFrom('GET', 'POST', 'OPTIONS', 'PROPFIND'), latin1Text),
  path: fc.oneof(fc.constantFrom('/v1/pets', '/v1/pets/12', '/', '/healthz', '/readyz'), latin1Text),
  status: fc.option(fc.integer({ min: 100, max: 599 }), { nil: undefined }),
  // As the request context rounds it: to a tenth of a millisecond.
  durationMs: fc.double({ min: 0, max: 1e7, noNaN: true }).map((ms) => Math.round(ms * 10) / 10),
  aborted: fc.constantFrom(true as const, undefined),
  userAgent: fc.option(latin1Text, { nil: undefined }),
});

/** A request's entry with nothing but what every request has. */
const anEntry = (fields: Partial<AccessEntry> = {}): AccessEntry => ({
  requestId: 'r1',
  traceIds: undefined,
  clientAddress: '127.0.0.1',
  keyDigest: undefined,
  method: 'GET',
  path: '/v1/pets',
  status: 200,
  durationMs: 1,
  aborted: undefined,
  userAgent: undefined,
  ...fields,
});

describe('the access line', () => {
  beforeEach(() => {
    // One time for both writers: the line's time field is made once a millisecond.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T10:00:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is, for any request, traced or not, a probe or not, the very line pino writes for the same fields', () => {
    fc.assert(
      fc.property(anAccessEntry, (entry) => {
        const { logger, lines, accessLine } = serviceLog('debug');
        accessLine(entry);
        accessLogOf(logger)(entry);
        expect(lines).toHaveLength(2);
        expect(lines[0]).toBe(lines[1]);
      }),
      { numRuns: 500 },
    );
  });

  it('is one JSON line with the fields a reader looks for, and the status and aborted flag only when there are some', () => {
    const { lines, accessLine } = serviceLog('info');
    const traceIds = { trace_id: '0af7651916cd43dd8448eb211c80319c', span_id: 'b7ad6b7169203331' };
    accessLine(anEntry({ requestId: 'r1', clientAddress: '203.0.113.7', durationMs: 1.5 }));
    accessLine(
      anEntry({
        requestId: 'r2',
        clientAddress: '2001:db8::1',
        keyDigest: '3f2a9c01b7d4',
        method: 'POST',
        status: undefined,
        durationMs: 0,
        aborted: true,
      }),
    );
    accessLine(anEntry({ requestId: 'r3', traceIds, durationMs: 2, userAgent: 'curl/8.5.0' }));
    expect(lines.map((line) => line.endsWith('}\n'))).toEqual([true, true, true]);
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      {
        level: 'info',
        time: '2026-11-24T10:00:00.000Z',
        service: 'petstore',
        requestId: 'r1',
        clientAddress: '203.0.113.7',
        method: 'GET',
        path: '/v1/pets',
        status: 200,
        durationMs: 1.5,
        msg: 'request',
      },
      {
        level: 'info',
        time: '2026-11-24T10:00:00.000Z',
        service: 'petstore',
        requestId: 'r2',
        clientAddress: '2001:db8::1',
        keyDigest: '3f2a9c01b7d4',
        method: 'POST',
        path: '/v1/pets',
        durationMs: 0,
        aborted: true,
        msg: 'request',
      },
      {
        level: 'info',
        time: '2026-11-24T10:00:00.000Z',
        service: 'petstore',
        requestId: 'r3',
        ...traceIds,
        clientAddress: '127.0.0.1',
        method: 'GET',
        path: '/v1/pets',
        status: 200,
        durationMs: 2,
        userAgent: 'curl/8.5.0',
        msg: 'request',
      },
    ]);
  });

  it('is left out when the log level is above info, as pino leaves out any info line, even when the level changes later', () => {
    const { logger, lines, accessLine } = serviceLog('warn');
    const entry = anEntry({ path: '/' });
    accessLine(entry);
    expect(lines).toEqual([]);
    logger.level = 'info';
    accessLine(entry);
    expect(lines).toHaveLength(1);
  });

  it('escapes a user agent of quotes, backslashes, control characters and a forged field, so the line stays one JSON object', () => {
    const { lines, accessLine } = serviceLog('info');
    const userAgent = 'x","level":"fatal\\"\n{"msg":"forged"}\u0000\u001b[31m';
    accessLine(anEntry({ userAgent }));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.indexOf('\n')).toBe((lines[0]?.length ?? 0) - 1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ level: 'info', userAgent, msg: 'request' });
  });

  it("is written by the service's logger from the fields made here, never through pino's log method", () => {
    const { logger, lines, accessLine } = serviceLog('info');
    const info = vi.spyOn(logger, 'info');
    accessLine(anEntry());
    expect(info).not.toHaveBeenCalled();
    expect(lines).toHaveLength(1);
  });

  it("goes through the log method of a logger that takes no JSON text, such as a host's own pino, in its format", () => {
    const lines: string[] = [];
    const hostLogger = pino({ base: { host: 'theirs' } }, { write: (line: string) => lines.push(line) });
    jsonTextAccessLog(hostLogger)(anEntry({ requestId: 'r9', path: '/healthz' }));
    jsonTextAccessLog(hostLogger)(anEntry({ requestId: 'r10' }));
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      {
        level: 30,
        time: Date.parse('2026-11-24T10:00:00.000Z'),
        host: 'theirs',
        requestId: 'r10',
        clientAddress: '127.0.0.1',
        method: 'GET',
        path: '/v1/pets',
        status: 200,
        durationMs: 1,
        msg: 'request',
      },
    ]);
  });
});
