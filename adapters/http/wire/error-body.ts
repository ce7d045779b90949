import * as v from 'valibot';
import { ERROR_CODES } from './error-codes.js';

/** The most `details` an error lists, and the most characters of client input it echoes in one piece. */
export const MAX_ERROR_DETAILS = 10;
export const MAX_ECHOED_CHARACTERS = 64;

/** Client input as an error may quote it: at most MAX_ECHOED_CHARACTERS code points, then '…'. */
export function clipClientText(text: string): string {
  // Counted in code points, so a cut never splits a surrogate pair.
  let clipped = '';
  let count = 0;
  for (const character of text) {
    if (count === MAX_ECHOED_CHARACTERS) return `${clipped}…`;
    clipped += character;
    count += 1;
  }
  return clipped;
}

const errorDetailSchema = v.strictObject({
  path: v.pipe(v.string(), v.description('The offending field, dot-separated; empty for the body as a whole.')),
  message: v.pipe(v.string(), v.description('What is wrong with it.')),
});

/** The body of every error response, as the OpenAPI document publishes it. */
export const errorBodySchema = v.strictObject({
  code: v.pipe(v.picklist(ERROR_CODES), v.description('Machine-readable; branch on this.')),
  message: v.pipe(v.string(), v.description('For humans; may change between releases.')),
  status: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(400),
    v.maxValue(599),
    v.description('The HTTP status of the response.'),
  ),
  details: v.optional(
    v.pipe(
      v.array(errorDetailSchema),
      v.maxLength(MAX_ERROR_DETAILS),
      v.description(
        `Validation errors only: one entry per offending field, the first ${MAX_ERROR_DETAILS} of them; ` +
          `field names longer than ${MAX_ECHOED_CHARACTERS} characters are cut short and end in '…'.`,
      ),
    ),
  ),
});

export type ErrorDetail = v.InferOutput<typeof errorDetailSchema>;
export type ErrorBody = v.InferOutput<typeof errorBodySchema>;
