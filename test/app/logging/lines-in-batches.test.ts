import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BATCH_INTERVAL_MS, linesWrittenInBatches, MAX_LINES_HELD } from '../../../app/logging/lines-in-batches.js';

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
    return { writes, destination: linesWrittenInBatches({ write: (data: string) => writes.push(data), flushSync: () => undefined }) };
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
    for (let count = 0; count < 20; count += 1) linesWrittenInBatches({ write: () => undefined, flushSync: () => undefined });
    expect(process.listenerCount('exit') - before).toBeLessThanOrEqual(1);
  });

  it('holds a process that runs out of work open until its last lines are written, none lost', () => {
    const script = [
      "const { createLogger } = await import('./dist/app/logging/logger.js');",
      "const logger = createLogger({ logLevel: 'info' });",
      "for (let n = 0; n < 1000; n += 1) logger.info({ n }, 'line');",
    ].join('\n');
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(child.status).toBe(0);
    const lines = child.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { n: number });
    expect(lines.map(({ n }) => n)).toEqual(Array.from({ length: 1000 }, (_, n) => n));
  });

  it('writes the lines still held when the process exits, to stdout, none lost', () => {
    // The built logger, as the service runs it: lines of the last batch, then an exit before it is written.
    const script = [
      "const { createLogger } = await import('./dist/app/logging/logger.js');",
      "const logger = createLogger({ logLevel: 'info' });",
      "for (let n = 0; n < 1000; n += 1) logger.info({ n }, 'line');",
      'process.exit(3);',
    ].join('\n');
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(child.status).toBe(3);
    const lines = child.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { n: number });
    expect(lines.map(({ n }) => n)).toEqual(Array.from({ length: 1000 }, (_, n) => n));
  });
});
