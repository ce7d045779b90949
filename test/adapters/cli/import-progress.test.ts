import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { petCount, progressBar, progressLines } from '../../../adapters/cli/import-progress.js';

describe('progressBar', () => {
  it('sizes what was checked and the file, from nothing on', () => {
    const terminal = Object.assign(new PassThrough(), { isTTY: true, columns: 100 });
    let drawn = '';
    terminal.on('data', (chunk: Buffer) => (drawn += chunk.toString()));
    const progress = progressBar(terminal);
    progress.update('checking', 2048, 4096);
    progress.finish();
    expect(drawn).toContain(`checking   |${'░'.repeat(40)}| 0%  0 B of 4 KB  `);
    expect(drawn).toContain(`checking   |${'█'.repeat(20)}${'░'.repeat(20)}| 50%  2 KB of 4 KB  `);
  });
});

describe('progressLines', () => {
  it('writes a line when a phase reaches the next tenth, never twice for one tenth', () => {
    const lines: string[] = [];
    const progress = progressLines((text) => lines.push(text));
    for (const done of [1, 5, 9, 10, 12, 19, 35, 99, 100]) progress.update('writing', done, 100);
    progress.finish();
    progress.update('checking', 2048, 4096);
    progress.update('confirming', 1024, 4096);
    expect(lines).toEqual([
      'writing: 10% (10 of 100 pets)\n',
      'writing: 30% (35 of 100 pets)\n',
      'writing: 90% (99 of 100 pets)\n',
      'writing: 100% (100 of 100 pets)\n',
      'checking: 50% (2 KB of 4 KB)\n',
      'confirming: 20% (1 KB of 4 KB)\n',
    ]);
  });

  it('counts one pet as a pet, and sizes in the unit that reads best', () => {
    const lines: string[] = [];
    const progress = progressLines((text) => lines.push(text));
    progress.update('checking', 78, 78);
    progress.update('writing', 1, 1);
    expect(lines).toEqual(['checking: 100% (78 B of 78 B)\n', 'writing: 100% (1 of 1 pet)\n']);
  });

  it('says pets, and a pet', () => {
    expect([petCount(0), petCount(1), petCount(2)]).toEqual(['0 pets', '1 pet', '2 pets']);
  });
});
