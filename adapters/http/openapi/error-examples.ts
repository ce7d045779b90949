import type { ErrorBody } from '../errors/error-body.js';
import { ERROR_CODES, ERRORS, type ErrorCode } from '../errors/error-codes.js';

/** One error body for each code, made from its example in the table of codes: what the document shows. */
export const ERROR_EXAMPLES = Object.fromEntries(
  ERROR_CODES.map((code) => {
    const { status, example } = ERRORS[code];
    return [
      code,
      { code, message: example.message, status, ...(example.details && { details: [...example.details] }) },
    ];
  }),
) as { readonly [Code in ErrorCode]: ErrorBody & { readonly code: Code } };
