import * as v from 'valibot';
import {
  CATEGORY_ID_RULE,
  CATEGORY_ID_TYPE_RULE,
  PET_NAME_LENGTH_RULE,
  PET_NAME_MAX_LENGTH,
  PET_NAME_RULES,
  PET_ID_MAX,
  PET_NAME_TYPE_RULE,
  PET_STATUSES,
  STATUS_RULE,
  type NameRule,
} from '../../../core/pet.js';
import { AFTER_ID_MAX, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, PAGE_LIMIT_MIN, PAGE_RULES } from '../../../core/paging.js';
import { ApiError } from '../errors/api-error.js';
import { clipClientText, MAX_ERROR_DETAILS, type ErrorDetail } from '../errors/error-body.js';
import type { ErrorCode } from '../errors/error-codes.js';

/**
 * The one spelling of each number: unsigned decimal digits without leading zeros (no sign,
 * exponent, fraction, hex or blank), so `/v1/pets/7` and `/v1/pets/007` are not two names of one pet.
 */
const CANONICAL_DECIMAL = /^(?:0|[1-9][0-9]*)$/;

/** OpenAPI formats, for the document: ids are int64 in the interface (held exactly up to 2^53-1). */
const INT64 = v.metadata<number, { readonly format: string }>({ format: 'int64' });
const INT32 = v.metadata<number, { readonly format: string }>({ format: 'int32' });
const INT32_MAX = 2 ** 31 - 1;

/**
 * An integer as a URL carries it. How it is spelt is this adapter's rule; which values are allowed
 * is `rule`, the core's words where the core has the rule, so the client reads the core's message.
 */
function integerParameter(name: string, range: { min: number; max: number; rule: string }, description: string) {
  const { min, max, rule } = range;
  return v.pipe(
    // A repeated query parameter arrives as an array.
    v.string(`${name} must be given once, as an integer`),
    v.regex(CANONICAL_DECIMAL, `${name} must be written in decimal digits, without sign, fraction or leading zeros`),
    v.transform(Number),
    // What the text decodes to, which the OpenAPI document describes; it cannot fail here.
    v.number(),
    v.integer(),
    v.minValue(min, rule),
    v.maxValue(max, rule),
    max > INT32_MAX ? INT64 : INT32,
    v.description(description),
  );
}

const nameRule = ({ pattern, message }: NameRule) => v.regex<string, string>(pattern, message);

const petStatus = (name: string) =>
  v.picklist(PET_STATUSES, (issue) => (issue.received === 'Array' ? `${name} must be given once` : STATUS_RULE));

export const listPetsQuery = v.object({
  limit: v.optional(
    v.pipe(
      integerParameter('limit', { min: PAGE_LIMIT_MIN, max: PAGE_LIMIT_MAX, rule: `limit ${PAGE_RULES.limit}` }, 'The most pets to return in this page.'),
      // Left out, the core applies its default; the document states it.
      v.metadata({ default: PAGE_LIMIT_DEFAULT }),
    ),
  ),
  status: v.optional(v.pipe(petStatus('status'), v.description('Only pets with this status.'))),
  after: v.optional(
    integerParameter(
      'after',
      { min: 0, max: AFTER_ID_MAX, rule: `after ${PAGE_RULES.afterId}` },
      'Only pets with an id greater than this one (0: from the start); the `next` link carries it.',
    ),
  ),
});

/** Any id may be asked for, 0 included; one no pet has is a 404. */
export const PET_ID_PARAMETER = { min: 0, max: PET_ID_MAX } as const;
const PET_ID_RANGE = { ...PET_ID_PARAMETER, rule: `petId must be an integer from ${PET_ID_PARAMETER.min} to ${PET_ID_PARAMETER.max}` };

export const petIdPath = v.object({
  petId: integerParameter('petId', PET_ID_RANGE, 'The id of the pet.'),
});

export const petStatusSchema = v.pipe(
  v.picklist(PET_STATUSES, STATUS_RULE),
  v.description('Availability status. A pet added without one has none.'),
);

/** The fields a NewPet and a Pet share: written once, read by both schemas. */
const petFields = {
  name: v.pipe(
    v.string(PET_NAME_TYPE_RULE),
    // The core's rules, read from the core: the client sees the core's words, the document its patterns.
    nameRule(PET_NAME_RULES.visible),
    nameRule(PET_NAME_RULES.printable),
    v.maxLength(PET_NAME_MAX_LENGTH, PET_NAME_LENGTH_RULE),
    v.description(
      "The animal's name: at least one visible character (not only whitespace or invisible characters such as " +
        'U+200B), no control characters (U+0000-U+001F, U+007F-U+009F), no unpaired surrogates.',
    ),
  ),
  categoryId: v.pipe(
    v.number(CATEGORY_ID_TYPE_RULE),
    v.integer(CATEGORY_ID_TYPE_RULE),
    v.safeInteger(CATEGORY_ID_RULE),
    INT64,
    v.description('The category the animal belongs to.'),
  ),
  status: v.optional(petStatusSchema),
};

const newPetSchema = v.strictObject(
  {
    id: v.optional(
      v.pipe(v.never('id is assigned by the service and must not be sent'), v.description('Assigned by the service; never sent.')),
    ),
    ...petFields,
  },
  (issue) => (issue.expected === 'never' ? 'is not a field of NewPet' : 'is required'),
);

export const newPetBody = v.pipe(
  v.custom<Record<string, unknown>>(
    (body) => typeof body === 'object' && body !== null && !Array.isArray(body),
    'The request body must be a JSON object',
  ),
  newPetSchema,
);

/** What the service answers with: never validated at run time, it is what the document promises. */
export const petSchema = v.strictObject({
  id: v.pipe(v.number(), v.safeInteger(), v.minValue(1), INT64, v.description('Assigned by the service: positive and increasing.')),
  ...petFields,
});

export const petsSchema = v.array(petSchema);

/** Validates `input`, or throws the API error naming every offending field. */
export function parseOrThrow<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
  code: ErrorCode,
  what: string,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return result.output;
  // A body can name thousands of unknown fields: the answer lists the first few, each cut short.
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
