import { describe, expect, it } from 'vitest';
import { progressLines } from '../../../adapters/cli/import-progress.js';

describe('progressLines', () => {
  it('writes a line when a phase reaches the next tenth, never twice for one tenth', () => {
    const lines: string[] = [];
    const progress = progressLines((text) => lines.push(text));
    for (const done of [1, 5, 9, 10, 12, 19, 35, 99, 100]) progress.update('writing', done, 100);
    progress.finish();
    progress.update('checking', 2048, 4096);
    expect(lines).toEqual([
      'writing: 10% (10 of 100 pets)\n',
      'writing: 30% (35 of 100 pets)\n',
      'writing: 90% (99 of 100 pets)\n',
      'writing: 100% (100 of 100 pets)\n',
      'checking: 50% (2048 of 4096 bytes)\n',
    ]);
  });
});
