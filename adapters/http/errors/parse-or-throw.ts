import * as v from 'valibot';
import { ApiError } from './api-error.js';
import { clipClientText, MAX_ERROR_DETAILS, type ErrorDetail } from './error-body.js';
import type { ErrorCode } from './error-codes.js';

/** Validates `input`, or throws the API error naming every offending field. */
export function parseOrThrow<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
  code: ErrorCode,
  what: string,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return result.output;
  // A body can name thousands of unknown fields: the response lists the first few, each cut short.
  const details = result.issues.slice(0, MAX_ERROR_DETAILS).map(toDetail);
  const [first] = details as [ErrorDetail, ...ErrorDetail[]];
  const message = first.path === '' ? first.message : `Invalid ${what}: ${first.message}`;
  throw new ApiError(code, message, { details });
}

function toDetail(issue: v.BaseIssue<unknown>): ErrorDetail {
  const path = clipClientText(v.getDotPath(issue) ?? '');
  // Key-level issues (missing or unknown field) carry a message without the field's name.
  const message = issue.type === 'strict_object' ? `${path} ${issue.message}` : issue.message;
  return { path, message };
}
