import { describe, expect, it } from 'vitest';
import { didYouMean, type Candidate } from '../../../adapters/cli/did-you-mean.js';

const at = (depth: number, ...names: string[]): Candidate[] =>
  names.map((name) => ({ name, suggestion: depth === 0 ? name : `group ${name}`, depth }));

describe('didYouMean', () => {
  it('suggests a name a slip away: a letter missing, extra, wrong, or two swapped', () => {
    for (const word of ['lst', 'lisst', 'lust', 'lsit'])
      expect(didYouMean(word, at(0, 'list', 'serve'))).toBe(' (did you mean list?)');
  });

  it('counts two letters swapped as one slip, not two', () => {
    expect(didYouMean('lsit', at(0, 'list', 'lost'))).toBe(' (did you mean list?)');
  });

  it('suggests nothing past three edits, nor a name 40% alike or less', () => {
    expect(didYouMean('xxxxrve', at(0, 'serve'))).toBe('');
    expect(didYouMean('xrve', at(0, 'serve'))).toBe(' (did you mean serve?)');
    // 'ab' and 'add' share one letter in three: a third alike is not enough.
    expect(didYouMean('ab', at(0, 'add'))).toBe('');
    expect(didYouMean('ad', at(0, 'add'))).toBe(' (did you mean add?)');
    expect(didYouMean('anything', [])).toBe('');
  });

  it('prefers the fewest edits, then the nearest level, and names every one left, in order', () => {
    expect(didYouMean('get', [...at(0, 'pets'), ...at(1, 'get')])).toBe(' (did you mean group get?)');
    expect(didYouMean('help', [...at(0, 'help'), ...at(1, 'help')])).toBe(' (did you mean help?)');
    expect(didYouMean('peys', at(0, 'pets', 'keys'))).toBe(' (did you mean one of keys, pets?)');
  });
});
