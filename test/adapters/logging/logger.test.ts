import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger, loadPinoPretty, PRETTY_NEEDS_ITS_PACKAGE } from '../../../adapters/logging/logger.js';
import { loggedToAFullPipe } from './pipe-reader.js';

function loggedLines(write: (logger: ReturnType<typeof createLogger>) => void): Record<string, unknown>[] {
  const lines: string[] = [];
  write(createLogger({ logLevel: 'info' }, { write: (line: string) => lines.push(line) }));
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('the service log', () => {
  it('writes a JSON line with the level by name, the service, and the time in ISO 8601 to the millisecond', () => {
    const before = Date.now();
    const [line] = loggedLines((logger) => {
      logger.info({ requestId: 'r1' }, 'request');
    });
    expect(line).toMatchObject({ level: 'info', service: 'petstore', requestId: 'r1', msg: 'request' });
    expect(line?.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const time = Date.parse(line?.time as string);
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(Date.now());
  });

  it('redacts an Authorization header wherever a line carries one', () => {
    const [line] = loggedLines((logger) => {
      logger.warn({ headers: { authorization: 'Bearer secret' }, authorization: 'Bearer secret' }, 'odd request');
    });
    expect(JSON.stringify(line)).not.toContain('secret');
    expect(line).toMatchObject({ authorization: '[redacted]', headers: { authorization: '[redacted]' } });
  });
});

describe('a line whose fields are JSON text already', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is written in the very text pino writes for the same fields, level, time and service included', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T10:00:00.000Z') });
    const lines: string[] = [];
    const logger = createLogger({ logLevel: 'debug' }, { write: (line: string) => lines.push(line) });
    logger.writeJsonFields('info', ',"requestId":"r1","status":200', 'request');
    logger.info({ requestId: 'r1', status: 200 }, 'request');
    logger.writeJsonFields('debug', ',"path":"/healthz"', 'said "hi"');
    logger.debug({ path: '/healthz' }, 'said "hi"');
    expect(lines).toHaveLength(4);
    expect([lines[0], lines[2]]).toEqual([lines[1], lines[3]]);
    expect(lines[0]).toBe(
      '{"level":"info","time":"2026-11-24T10:00:00.000Z","service":"petstore","requestId":"r1","status":200,"msg":"request"}\n',
    );
  });
});

describe('the service log on a file descriptor', () => {
  it('is JSON lines handed over in the background: a log reader that does not read holds up no request', async () => {
    const { heldUp, lines } = await loggedToAFullPipe((fd) => {
      createLogger({ logLevel: 'info', logFormat: 'json' }, fd).info({ requestId: 'r1' }, 'request');
    }, '"msg":"request"}');
    expect(heldUp).toBe(false);
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ level: 'info', service: 'petstore', requestId: 'r1', msg: 'request' }),
    ]);
  });

  it('with LOG_FORMAT=pretty is one readable line an event, written as it comes, without colour on a pipe', async () => {
    const { heldUp, lines } = await loggedToAFullPipe((fd) => {
      createLogger({ logLevel: 'info', logFormat: 'pretty' }, fd).info({ requestId: 'r1' }, 'request');
    }, '{"requestId":"r1"}');
    expect(heldUp).toBe(true);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: request \{"requestId":"r1"\}$/);
  });
});

/** Every control character: C0, DEL and C1. */
const EVERY_CONTROL = Array.from({ length: 0xa0 }, (_, code) => String.fromCharCode(code))
  .filter((character) => /\p{Cc}/u.test(character))
  .join('');
/** A line with no control character in it but its line break. */
// eslint-disable-next-line no-control-regex -- control characters are what a line must not hold
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]|\n(?!$)/;

describe('control characters in the fields of a line', () => {
  const sent = `evil${EVERY_CONTROL}\u009b31mRED`;

  it('are escaped in JSON, DEL and C1 as \\u escapes as C0 is, and read back as they were', () => {
    const lines: string[] = [];
    const logger = createLogger({ logLevel: 'info' }, { write: (line: string) => lines.push(line) });
    logger.info({ userAgent: sent, [`key\u0085`]: sent }, `said \u009b`);
    logger.writeJsonFields('info', `,"userAgent":${JSON.stringify(sent)}`, 'request');
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toMatch(RAW_CONTROL);
      expect(line).toContain('\\u007f\\u0080\\u0081');
      expect(line).toContain('\\u009f\\u009b31mRED');
      expect((JSON.parse(line) as { userAgent: string }).userAgent).toBe(sent);
    }
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ 'key\u0085': sent, msg: 'said \u009b' });
  });

  it('are escaped in JSON lines written to a file descriptor', async () => {
    const { lines } = await loggedToAFullPipe((fd) => {
      createLogger({ logLevel: 'info', logFormat: 'json' }, fd).info({ userAgent: sent }, 'request');
    }, '"msg":"request"}');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(RAW_CONTROL);
    expect((JSON.parse(lines[0] ?? '') as { userAgent: string }).userAgent).toBe(sent);
  });

  it('are escaped in the pretty format, none of them written raw', async () => {
    const { lines } = await loggedToAFullPipe((fd) => {
      createLogger({ logLevel: 'info', logFormat: 'pretty' }, fd).info({ userAgent: sent }, 'request');
    }, 'RED"}');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(RAW_CONTROL);
    expect(lines[0]).toContain('"userAgent":"evil\\u0000\\u0001');
    expect(lines[0]).toContain('\\u007f\\u0080\\u0081');
    expect(lines[0]).toContain('\\u009f\\u009b31mRED"}');
  });
});

describe('pino-pretty, which LOG_FORMAT=pretty needs', () => {
  const here = fileURLToPath(import.meta.url);
  const nowhere = join(tmpdir(), 'no-such-folder', 'program.js');

  it('is found beside the logger, from its URL', () => {
    expect(typeof loadPinoPretty([import.meta.url]).prettyFactory).toBe('function');
  });

  it('is looked for beside the program when it is not beside the logger', () => {
    expect(typeof loadPinoPretty([nowhere, here]).prettyFactory).toBe('function');
  });

  it('is looked for where a program on PATH really is, not where its link is', () => {
    const folder = mkdtempSync(join(tmpdir(), 'petstore-link-'));
    try {
      const link = join(folder, 'petstore');
      symlinkSync(here, link);
      expect(typeof loadPinoPretty([link]).prettyFactory).toBe('function');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('is asked for in one line naming the package when it is found nowhere', () => {
    expect(() => loadPinoPretty([nowhere])).toThrow(new Error(PRETTY_NEEDS_ITS_PACKAGE));
    expect(() => loadPinoPretty([])).toThrow(PRETTY_NEEDS_ITS_PACKAGE);
  });
});
