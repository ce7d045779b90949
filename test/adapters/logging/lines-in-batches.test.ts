import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BATCH_INTERVAL_MS,
  linesWrittenInBatches,
  MAX_LINES_HELD,
} from '../../../adapters/logging/lines-in-batches.js';

const ROOT = new URL('../../../', import.meta.url).pathname;

describe('log lines written in batches', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function batched() {
    const writes: string[] = [];
    return {
      writes,
      destination: linesWrittenInBatches({ write: (data: string) => writes.push(data), flushSync: () => undefined }),
    };
  }

  it('hands the destination the lines of a batch interval as one write, in order, once the first line has waited the interval', () => {
    const { writes, destination } = batched();
    destination.write('a\n');
    vi.advanceTimersByTime(BATCH_INTERVAL_MS - 1);
    destination.write('b\n');
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(['a\nb\n']);
    destination.write('c\n');
    vi.advanceTimersByTime(BATCH_INTERVAL_MS);
    expect(writes).toEqual(['a\nb\n', 'c\n']);
    vi.advanceTimersByTime(10 * BATCH_INTERVAL_MS);
    expect(writes).toHaveLength(2);
  });

  it('writes at once when it holds the most lines it may, whatever the time', () => {
    const { writes, destination } = batched();
    for (let line = 1; line < MAX_LINES_HELD; line += 1) destination.write('x\n');
    expect(writes).toEqual([]);
    destination.write('last\n');
    expect(writes).toEqual([`${'x\n'.repeat(MAX_LINES_HELD - 1)}last\n`]);
    vi.advanceTimersByTime(BATCH_INTERVAL_MS);
    expect(writes).toHaveLength(1);
  });

  it('adds one exit hook for any number of destinations', () => {
    const before = process.listenerCount('exit');
    for (let count = 0; count < 20; count += 1)
      linesWrittenInBatches({ write: () => undefined, flushSync: () => undefined });
    expect(process.listenerCount('exit') - before).toBeLessThanOrEqual(1);
  });

  /**
   * The built logger in a process of its own, as the service runs it: 1,000 lines, then `ending`.
   * Its exit status, and the line numbers it wrote to stdout, in order.
   */
  function loggingProcess(ending: string): { status: number | null; written: number[] } {
    const script = [
      "const { createLogger } = await import('./dist/adapters/logging/logger.js');",
      "const logger = createLogger({ logLevel: 'info' });",
      "for (let n = 0; n < 1000; n += 1) logger.info({ n }, 'line');",
      ending,
    ].join('\n');
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    const lines = child.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { n: number });
    return { status: child.status, written: lines.map(({ n }) => n) };
  }
  const ALL_LINES = Array.from({ length: 1000 }, (_, n) => n);

  it('holds a process that runs out of work open until its last lines are written, none lost', () => {
    expect(loggingProcess('')).toEqual({ status: 0, written: ALL_LINES });
  });

  it('writes the lines still held when the process exits, to stdout, none lost', () => {
    // An exit before the last batch is written.
    expect(loggingProcess('process.exit(3);')).toEqual({ status: 3, written: ALL_LINES });
  });
});
