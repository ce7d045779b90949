import * as v from 'valibot';
import { ERROR_CODES } from './error-codes.js';

/** The most `details` an error lists, and the most characters of client input it echoes in one piece. */
export const MAX_ERROR_DETAILS = 10;
export const MAX_ECHOED_CHARACTERS = 64;
/**
 * The longest message an error carries, in characters: far above any the service phrases (they quote
 * client input cut at MAX_ECHOED_CHARACTERS), so that the document can promise a bound a client may
 * size a buffer or a log field by.
 */
export const MAX_ERROR_MESSAGE_CHARACTERS = 500;

/** Client input as an error may quote it: at most MAX_ECHOED_CHARACTERS code points, then '…'. */
export function clipClientText(text: string): string {
  return clipped(text, MAX_ECHOED_CHARACTERS);
}

/** A message as an error carries it: at most MAX_ERROR_MESSAGE_CHARACTERS code points, then '…'. */
export function clipMessage(text: string): string {
  return clipped(text, MAX_ERROR_MESSAGE_CHARACTERS);
}

function clipped(text: string, most: number): string {
  // Counted in code points, as JSON Schema's maxLength counts, so a cut never splits a surrogate pair.
  let kept = '';
  let count = 0;
  for (const character of text) {
    if (count === most) return `${kept}…`;
    kept += character;
    count += 1;
  }
  return kept;
}

const errorDetailSchema = v.strictObject({
  path: v.pipe(
    v.string(),
    // Code points, as the document's maxLength counts them: a cut field name and its '…'.
    v.maxLength(MAX_ECHOED_CHARACTERS + 1),
    v.description('The offending field, dot-separated; empty for the body as a whole.'),
  ),
  message: v.pipe(v.string(), v.maxLength(MAX_ERROR_MESSAGE_CHARACTERS + 1), v.description('What is wrong with it.')),
});

/** The body of every error response, as the OpenAPI document publishes it. */
export const errorBodySchema = v.strictObject({
  code: v.pipe(v.picklist(ERROR_CODES), v.description('Machine-readable; branch on this.')),
  message: v.pipe(
    v.string(),
    v.maxLength(MAX_ERROR_MESSAGE_CHARACTERS + 1),
    v.description('For humans; may change between releases.'),
  ),
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
