import { describe, expect, it } from 'vitest';
import { toNewPet } from '../../../adapters/http/schemas.js';

describe('toNewPet', () => {
  it('leaves status out when the body left it out, so none is invented', () => {
    expect(Object.keys(toNewPet({ name: 'Tom', categoryId: 1 }))).toEqual(['name', 'categoryId']);
    expect(toNewPet({ name: 'Tom', categoryId: 1, status: 'sold' })).toEqual({ name: 'Tom', categoryId: 1, status: 'sold' });
  });
});
