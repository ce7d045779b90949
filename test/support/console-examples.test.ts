import { describe, expect, it } from 'vitest';
import { consoleExamples, matchesExample } from './console-examples.js';

describe('console examples', () => {
  it('reads commands, their continuation lines and what each prints', () => {
    const markdown = [
      'text',
      '```console',
      '$ f() {',
      '>   echo hi',
      '> }',
      '$ f',
      'hi',
      '$ true',
      '```',
      '```sh',
      '$ not run',
      '```',
    ].join('\n');
    expect(consoleExamples(markdown)).toEqual([
      [
        { command: 'f() {\n  echo hi\n}', expected: [] },
        { command: 'f', expected: ['hi'] },
        { command: 'true', expected: [] },
      ],
    ]);
  });

  it('refuses a block that starts with output', () => {
    expect(() => consoleExamples('```console\nhi\n```')).toThrow('must start with a command');
  });

  it('matches lines exactly, with ... for any lines or any text', () => {
    expect(matchesExample(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(matchesExample(['a', 'b'], ['a', 'b', 'c'])).toBe(false);
    expect(matchesExample(['a', 'b'], ['a'])).toBe(false);
    expect(matchesExample(['a', 'b'], ['a', 'c'])).toBe(false);
    expect(matchesExample(['a', '...', 'z'], ['a', 'z'])).toBe(true);
    expect(matchesExample(['a', '...', 'z'], ['a', 'b', 'c', 'z'])).toBe(true);
    expect(matchesExample(['a', '...', 'z'], ['a', 'b', 'c'])).toBe(false);
    expect(matchesExample(['a', '...'], ['a', 'b', 'c'])).toBe(true);
    expect(matchesExample(['key: ...'], ['key: 3f9a'])).toBe(true);
    expect(matchesExample(['key: ...'], ['id: 3f9a'])).toBe(false);
    expect(matchesExample(['a.c (x)'], ['abc (x)'])).toBe(false);
    expect(matchesExample([], [])).toBe(true);
  });
});
