import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createIsoTime } from '../../app/log-time.js';

describe('createIsoTime', () => {
  it("writes the time as pino's isoTime does", () => {
    const at = Date.UTC(2026, 10, 22, 9, 5, 7, 42);
    expect(createIsoTime(() => at)()).toBe(',"time":"2026-11-22T09:05:07.042Z"');
    const realNow = Date.now;
    try {
      Date.now = () => at;
      expect(createIsoTime()()).toBe(pino.stdTimeFunctions.isoTime());
    } finally {
      Date.now = realNow;
    }
  });

  it('follows the clock to the millisecond, backwards too', () => {
    const clock = [1_000, 1_000, 1_001, 1_001, 0];
    let calls = 0;
    const isoTime = createIsoTime(() => clock[calls++]!);
    const times = clock.map(() => isoTime());
    expect(times).toEqual([
      ',"time":"1970-01-01T00:00:01.000Z"',
      ',"time":"1970-01-01T00:00:01.000Z"',
      ',"time":"1970-01-01T00:00:01.001Z"',
      ',"time":"1970-01-01T00:00:01.001Z"',
      ',"time":"1970-01-01T00:00:00.000Z"',
    ]);
  });
});
