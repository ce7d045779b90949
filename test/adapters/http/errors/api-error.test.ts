import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../adapters/http/errors/api-error.js';
import {
  MAX_ECHOED_CHARACTERS,
  MAX_ERROR_MESSAGE_CHARACTERS,
  clipMessage,
} from '../../../../adapters/http/errors/error-body.js';

/** Code points, as JSON Schema's maxLength counts them. */
const codePoints = (text: string) => Array.from(text).length;

describe('an error body', () => {
  it('carries what the error says, and leaves details out when there are none', () => {
    expect(new ApiError('not_found', 'No pet has id 7').toBody()).toEqual({
      code: 'not_found',
      message: 'No pet has id 7',
      status: 404,
      details: undefined,
    });
  });

  it('holds every string to the length the document promises, whoever phrased it', () => {
    const long = 'x'.repeat(MAX_ERROR_MESSAGE_CHARACTERS + 40);
    const field = 'f'.repeat(MAX_ECHOED_CHARACTERS + 10);
    const body = new ApiError('bad_request', long, { details: [{ path: field, message: long }] }).toBody();
    expect(codePoints(body.message)).toBe(MAX_ERROR_MESSAGE_CHARACTERS + 1);
    expect(body.message.endsWith('x…')).toBe(true);
    expect(body.details).toEqual([{ path: `${'f'.repeat(MAX_ECHOED_CHARACTERS)}…`, message: body.message }]);
  });

  it('keeps a message at the bound as it is, and cuts by code points, never inside a surrogate pair', () => {
    const atTheBound = 'y'.repeat(MAX_ERROR_MESSAGE_CHARACTERS);
    expect(clipMessage(atTheBound)).toBe(atTheBound);
    const emoji = '🐕'.repeat(MAX_ERROR_MESSAGE_CHARACTERS + 1);
    expect(clipMessage(emoji)).toBe(`${'🐕'.repeat(MAX_ERROR_MESSAGE_CHARACTERS)}…`);
  });
});
