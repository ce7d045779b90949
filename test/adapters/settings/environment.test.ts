import { describe, expect, it } from 'vitest';
import { withoutEmptyVariables } from '../../../adapters/settings/environment.js';

describe('withoutEmptyVariables', () => {
  it('keeps every variable with a value, blanks among them, and drops the empty and the unset', () => {
    expect(withoutEmptyVariables({ PORT: '8080', HOST: ' ', API_KEYS: '', LOG_LEVEL: undefined })).toStrictEqual({
      PORT: '8080',
      HOST: ' ',
    });
  });
});
