import { describe, expect, it } from 'vitest';
import { didYouMean, type Candidate } from '../../../adapters/cli/did-you-mean.js';

const at = (depth: number, ...names: string[]): Candidate[] =>
  names.map((name) => ({ name, suggestion: depth === 0 ? name : `group ${name}`, depth }));

describe('didYouMean', () => {
  it('suggests a name a slip away: a letter missing, extra, wrong, or two swapped', () => {
    for (const word of ['lst', 'lisst', 'lust', 'lsit'])
      expect(didYouMean(word, at(0, 'list', 'serve'))).toBe(' (did you mean list?)');
  });

  it('counts two letters swapped as two edits, as any two slips', () => {
    expect(didYouMean('lsit', at(0, 'list', 'lost'))).toBe(' (did you mean one of list, lost?)');
  });

  it('suggests nothing past three edits, nor a name 40% alike or less', () => {
    expect(didYouMean('xxxxrve', at(0, 'serve'))).toBe('');
    expect(didYouMean('xrve', at(0, 'serve'))).toBe(' (did you mean serve?)');
    // 'ab' and 'add' share one letter in three: a third alike is not enough.
    expect(didYouMean('ab', at(0, 'add'))).toBe('');
    expect(didYouMean('ad', at(0, 'add'))).toBe(' (did you mean add?)');
    expect(didYouMean('anything', [])).toBe('');
  });

  it('suggests a long name three edits away, and not one four edits away, however alike the rest', () => {
    // Three and four letters dropped from eleven: 73% and 64% alike.
    expect(didYouMean('catgry-d', at(0, 'category-id'))).toBe(' (did you mean category-id?)');
    expect(didYouMean('ctgry-d', at(0, 'category-id'))).toBe('');
  });

  it('suggests a name more than 40% alike, and not one exactly 40% alike', () => {
    // Three letters of five replaced: two in five, 40%, are left.
    expect(didYouMean('xxxve', at(0, 'serve'))).toBe('');
    // Two of five: 60%.
    expect(didYouMean('xxrve', at(0, 'serve'))).toBe(' (did you mean serve?)');
  });

  it('measures how alike a word and a name are against the longer of the two', () => {
    // Two letters dropped from five: three in five, 60%, are alike; against the word's own three it would be a third.
    expect(didYouMean('srv', at(0, 'serve'))).toBe(' (did you mean serve?)');
  });

  it('prefers the fewest edits, then the nearest level, and names every one left, in order', () => {
    expect(didYouMean('get', [...at(0, 'pets'), ...at(1, 'get')])).toBe(' (did you mean group get?)');
    expect(didYouMean('help', [...at(0, 'help'), ...at(1, 'help')])).toBe(' (did you mean help?)');
    expect(didYouMean('peys', at(0, 'pets', 'keys'))).toBe(' (did you mean one of keys, pets?)');
  });
});
