import { spawnSync } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
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

  it('starts no wait of its own for a line that joins a batch: the next batch waits the whole interval', () => {
    const { writes, destination } = batched();
    destination.write('a\n');
    vi.advanceTimersByTime(BATCH_INTERVAL_MS - 1);
    destination.write('b\n');
    vi.advanceTimersByTime(1);
    destination.write('c\n');
    vi.advanceTimersByTime(BATCH_INTERVAL_MS - 1);
    expect(writes).toEqual(['a\nb\n']);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });

  /** The exit hooks `create` adds, taken off `process` again: the test calls them itself. */
  function exitHooksAddedBy(create: () => void): (() => void)[] {
    const before = process.listeners('exit');
    create();
    const added = process.listeners('exit').filter((listener) => !before.includes(listener));
    for (const hook of added) process.removeListener('exit', hook);
    return added as (() => void)[];
  }

  /** The module as a process starts with it: no exit hook yet, whatever earlier tests created. */
  async function freshModule() {
    vi.resetModules();
    return import('../../../adapters/logging/lines-in-batches.js');
  }

  it('adds one exit hook for any number of destinations', async () => {
    const fresh = await freshModule();
    const hooks = exitHooksAddedBy(() => {
      for (let count = 0; count < 20; count += 1)
        fresh.linesWrittenInBatches({ write: () => undefined, flushSync: () => undefined });
    });
    expect(hooks).toHaveLength(1);
  });

  /** A destination that records what it is given, and its flushes, in order. */
  function recorded() {
    const events: string[] = [];
    return {
      events,
      destination: { write: (data: string) => events.push(data), flushSync: () => events.push('flush') },
    };
  }

  it('at exit, writes and flushes the lines each destination still holds, and leaves a destination holding none alone', async () => {
    const fresh = await freshModule();
    const busy = recorded();
    const idle = recorded();
    let lines: ReturnType<typeof linesWrittenInBatches> | undefined;
    const [exit] = exitHooksAddedBy(() => {
      lines = fresh.linesWrittenInBatches(busy.destination);
      fresh.linesWrittenInBatches(idle.destination);
    });
    lines?.write('a\n');
    lines?.write('b\n');
    exit?.();
    expect(busy.events).toEqual(['a\nb\n', 'flush']);
    expect(idle.events).toEqual([]);
    vi.advanceTimersByTime(BATCH_INTERVAL_MS);
    expect(busy.events).toHaveLength(2);
  });

  /** Collects what nothing holds, once the current turn, during which a weak reference holds its target, has ended. */
  async function collectGarbage(): Promise<void> {
    setFlagsFromString('--expose-gc');
    await new Promise((resolve) => setImmediate(resolve));
    (runInNewContext('gc') as () => void)();
  }

  it('at exit, passes over a destination already collected', async () => {
    vi.useRealTimers();
    const fresh = await freshModule();
    let forgotten: WeakRef<object> | undefined;
    const [exit] = exitHooksAddedBy(() => {
      forgotten = new WeakRef(fresh.linesWrittenInBatches({ write: () => undefined, flushSync: () => undefined }));
    });
    await collectGarbage();
    expect(forgotten?.deref()).toBeUndefined();
    const kept = recorded();
    fresh.linesWrittenInBatches(kept.destination).write('a\n');
    exit?.();
    expect(kept.events).toEqual(['a\n', 'flush']);
  });

  it('forgets a destination once it is collected', async () => {
    vi.useRealTimers();
    const fresh = await freshModule();
    exitHooksAddedBy(() => {
      fresh.linesWrittenInBatches({ write: () => undefined, flushSync: () => undefined });
    });
    expect(fresh.destinationsLookedAfter()).toBe(1);
    await collectGarbage();
    // The registry forgets it in a turn of its own after the collection.
    for (let turn = 0; turn < 100 && fresh.destinationsLookedAfter() > 0; turn += 1)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(fresh.destinationsLookedAfter()).toBe(0);
  });

  /**
   * The built logger in a process of its own, as the service runs it: 1,000 lines, then `ending`.
   * Its exit status, and the line numbers it wrote to stdout, in order.
   */
  function loggingProcess(ending: string): { status: number | null; written: number[] } {
    const script = [
      "const { createLogger } = await import('./adapters/logging/dist/logger.js');",
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
