import { afterEach, describe, expect, it, vi } from 'vitest';
import { isoTimeReusedWithinAMillisecond } from '../../../adapters/logging/iso-time.js';

describe('the log line time', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("is pino's time field in ISO 8601, made again whenever the millisecond changes", () => {
    const clock = { now: Date.UTC(2026, 10, 24, 10, 0, 0, 5) };
    const time = isoTimeReusedWithinAMillisecond(() => clock.now);
    expect(time()).toBe(',"time":"2026-11-24T10:00:00.005Z"');
    expect(time()).toBe(',"time":"2026-11-24T10:00:00.005Z"');
    clock.now += 1;
    expect(time()).toBe(',"time":"2026-11-24T10:00:00.006Z"');
    clock.now -= 1;
    expect(time()).toBe(',"time":"2026-11-24T10:00:00.005Z"');
  });

  it('formats a date once a millisecond, however many lines share it', () => {
    const clock = { now: Date.UTC(2026, 10, 24, 10, 0, 0, 5) };
    const time = isoTimeReusedWithinAMillisecond(() => clock.now);
    const formatting = vi.spyOn(Date.prototype, 'toISOString');
    for (let line = 0; line < 5; line += 1) time();
    expect(formatting).toHaveBeenCalledTimes(1);
    clock.now += 1;
    for (let line = 0; line < 5; line += 1) time();
    expect(formatting).toHaveBeenCalledTimes(2);
  });

  it('reads the system clock by default', () => {
    const before = Date.now();
    const time = Date.parse((JSON.parse(`{${isoTimeReusedWithinAMillisecond()().slice(1)}}`) as { time: string }).time);
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(Date.now());
  });
});
