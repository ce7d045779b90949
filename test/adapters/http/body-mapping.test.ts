import { describe, expect, it } from 'vitest';
import { parserError } from '../../../adapters/http/json-body.js';
import { toNewPet } from '../../../adapters/http/schemas.js';

describe('toNewPet', () => {
  it('leaves status out when the body left it out, so none is invented', () => {
    expect(Object.keys(toNewPet({ name: 'Tom', categoryId: 1 }))).toEqual(['name', 'categoryId']);
    expect(toNewPet({ name: 'Tom', categoryId: 1, status: 'sold' })).toEqual({ name: 'Tom', categoryId: 1, status: 'sold' });
  });
});

describe('parserError', () => {
  it('leaves an error of the body parser that it does not know as it is, for the 500 handler to log', () => {
    const unknown = Object.assign(new Error('stream encoding should not be set'), { status: 500 });
    expect(parserError(unknown, 10)).toBe(unknown);
    const withoutStatus = new Error('no status');
    expect(parserError(withoutStatus, 10)).toBe(withoutStatus);
  });
});
