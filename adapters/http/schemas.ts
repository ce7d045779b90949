import * as v from 'valibot';
import {
  CATEGORY_ID_RULE,
  PET_NAME_MAX_LENGTH,
  PET_STATUSES,
  STATUS_RULE,
  type NewPet,
} from '../../core/pet.js';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, LIST_LIMIT_MIN } from '../../core/use-cases/list-pets.js';
import { ApiError, type ErrorCode, type ErrorDetail } from './api-error.js';

/** Unsigned decimal digits only: no sign, exponent, fraction, hex or blank. */
const DECIMAL_DIGITS = /^[0-9]+$/;

function integerParameter(name: string, min: number, max: number) {
  const rule = `${name} must be an integer from ${min} to ${max}`;
  return v.pipe(
    // A repeated query parameter arrives as an array.
    v.string(`${name} must be given once, as an integer`),
    v.regex(DECIMAL_DIGITS, rule),
    v.transform(Number),
    v.minValue(min, rule),
    v.maxValue(max, rule),
  );
}

const petStatus = (name: string) =>
  v.picklist(PET_STATUSES, (issue) => (issue.received === 'Array' ? `${name} must be given once` : STATUS_RULE));

export const listPetsQuery = v.object({
  limit: v.optional(integerParameter('limit', LIST_LIMIT_MIN, LIST_LIMIT_MAX), String(LIST_LIMIT_DEFAULT)),
  status: v.optional(petStatus('status')),
  after: v.optional(integerParameter('after', 0, Number.MAX_SAFE_INTEGER)),
});

export const petIdPath = v.object({
  petId: integerParameter('petId', 0, Number.MAX_SAFE_INTEGER),
});

const newPetFields = v.strictObject(
  {
    id: v.optional(v.never('id is assigned by the service and must not be sent')),
    name: v.pipe(
      v.string('name must be a string'),
      v.check((name) => name.trim() !== '', 'name must not be blank'),
      v.maxLength(PET_NAME_MAX_LENGTH, `name must be at most ${PET_NAME_MAX_LENGTH} characters`),
    ),
    categoryId: v.pipe(v.number('categoryId must be an integer'), v.safeInteger(CATEGORY_ID_RULE)),
    status: v.optional(v.picklist(PET_STATUSES, STATUS_RULE)),
  },
  (issue) => (issue.expected === 'never' ? 'is not a field of NewPet' : 'is required'),
);

export const newPetBody = v.pipe(
  v.custom<Record<string, unknown>>(
    (body) => typeof body === 'object' && body !== null && !Array.isArray(body),
    'The request body must be a JSON object',
  ),
  newPetFields,
);

/** Validates `input`, or throws the API error naming every offending field. */
export function parseOrThrow<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
  code: ErrorCode,
  what: string,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return result.output;
  const details = result.issues.map(toDetail);
  const [first] = details as [ErrorDetail, ...ErrorDetail[]];
  const message = first.path === '' ? first.message : `Invalid ${what}: ${first.message}`;
  throw new ApiError(code, message, { details });
}

function toDetail(issue: v.BaseIssue<unknown>): ErrorDetail {
  const path = v.getDotPath(issue) ?? '';
  // Key-level issues (missing or unknown field) carry a message without the field's name.
  const message = issue.type === 'strict_object' ? `${path} ${issue.message}` : issue.message;
  return { path, message };
}

export function toNewPet({ name, categoryId, status }: v.InferOutput<typeof newPetBody>): NewPet {
  return status === undefined ? { name, categoryId } : { name, categoryId, status };
}
