import { describe, expect, it } from 'vitest';
import { petJson, petTable } from '../../../adapters/cli/pet-output.js';

describe('petTable', () => {
  it('lines columns up to their widest cell: numbers to the right, text to the left; no status is "-"', () => {
    expect(
      petTable([
        { id: 7, name: 'Rex', categoryId: 3, status: 'sold' },
        { id: 12, name: 'Bartholomew', categoryId: -40 },
      ]),
    ).toBe(
      ['ID  NAME         CATEGORY  STATUS', ' 7  Rex                 3  sold', '12  Bartholomew       -40  -'].join(
        '\n',
      ),
    );
  });

  it('keeps one pet on one line, whatever its name holds, and cuts long names', () => {
    const table = petTable([
      { id: 1, name: 'two\nlines\u0007', categoryId: 1 },
      { id: 2, name: 'x'.repeat(100), categoryId: 1 },
    ]);
    expect(table.split('\n')).toHaveLength(3);
    expect(table).toContain('two�lines�');
    expect(table).toContain(`${'x'.repeat(39)}…`);
    expect(table).not.toContain('x'.repeat(40));
    // A name of exactly the width is shown whole.
    expect(petTable([{ id: 1, name: 'y'.repeat(40), categoryId: 1 }])).toContain(`${'y'.repeat(40)}  `);
  });

  it('counts what a reader sees as one character as one, so columns stay aligned', () => {
    const rows = petTable([
      { id: 1, name: '👩🏽‍🚒', categoryId: 1 },
      { id: 2, name: 'ab', categoryId: 1 },
    ]).split('\n');
    expect(rows[1]).toBe(' 1  👩🏽‍🚒            1  -');
    expect(rows[2]).toBe(' 2  ab           1  -');
  });
});

describe('petJson', () => {
  it('writes a pet as one line of JSON, without a status it has not got', () => {
    expect(petJson({ id: 1, name: 'Rex', categoryId: 3 })).toBe('{"id":1,"name":"Rex","categoryId":3}');
  });
});
