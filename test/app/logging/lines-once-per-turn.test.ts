import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { linesWrittenOncePerTurn } from '../../../app/logging/lines-once-per-turn.js';

const ROOT = new URL('../../../', import.meta.url).pathname;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('log lines written once a turn', () => {
  it('hands the destination the lines of one event-loop turn as one write, in order', async () => {
    const writes: string[] = [];
    const destination = linesWrittenOncePerTurn({ write: (data: string) => writes.push(data), flushSync: () => undefined });
    destination.write('a\n');
    destination.write('b\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['a\nb\n']);
    destination.write('c\n');
    await nextTurn();
    await nextTurn();
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });

  it('adds one exit hook for any number of destinations', () => {
    const before = process.listenerCount('exit');
    for (let count = 0; count < 20; count += 1) linesWrittenOncePerTurn({ write: () => undefined, flushSync: () => undefined });
    expect(process.listenerCount('exit') - before).toBeLessThanOrEqual(1);
  });

  it('writes the lines still held when the process exits, to stdout, none lost', () => {
    // The built logger, as the service runs it: lines of the last turn, then an exit before the next turn.
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
