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
  type NewPet,
  type Pet,
} from '@petstore/core/pet.js';
import { PAGE_LIMIT_MAX } from '@petstore/core/paging.js';
import { INT64 } from './integer-parameter.js';

/** Where the pets are, under the API's base path. */
export const PETS_PATH = '/pets';

/**
 * The pet the document's examples show: what a create on an empty store makes of the example body, so
 * that every example request, sent in turn to a new service, gets its documented success.
 */
export const EXAMPLE_NEW_PET = { name: 'Rex', categoryId: 1, status: 'available' } as const satisfies NewPet;
export const EXAMPLE_PET = { id: 1, ...EXAMPLE_NEW_PET } as const satisfies Pet;

/** Any id may be asked for, 0 included; one no pet has is a 404. */
export const PET_ID_PARAMETER = { min: 0, max: PET_ID_MAX } as const;

const nameRule = ({ pattern, message }: NameRule) => v.regex<string, string>(pattern, message);

export const petStatusSchema = v.pipe(
  v.picklist(PET_STATUSES, STATUS_RULE),
  v.description('Availability status. A pet added without one has none.'),
  v.examples([EXAMPLE_NEW_PET.status]),
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
    v.examples([EXAMPLE_NEW_PET.name]),
  ),
  categoryId: v.pipe(
    v.number(CATEGORY_ID_TYPE_RULE),
    v.integer(CATEGORY_ID_TYPE_RULE),
    v.safeInteger(CATEGORY_ID_RULE),
    INT64,
    v.description('The category the animal belongs to.'),
    v.examples([EXAMPLE_NEW_PET.categoryId]),
  ),
  status: v.optional(petStatusSchema),
};

const newPetSchema = v.strictObject(
  {
    id: v.optional(
      v.pipe(
        v.never('id is assigned by the service and must not be sent'),
        v.description('Assigned by the service; never sent.'),
      ),
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
  v.description('A pet to add. The service assigns its id, so a new pet has none: an `id` is refused.'),
  v.examples([EXAMPLE_NEW_PET]),
);

/** What the service responds with: never validated at run time, it is what the document promises. */
export const petSchema = v.pipe(
  v.strictObject({
    id: v.pipe(
      v.number(),
      v.safeInteger(),
      v.minValue(1),
      INT64,
      v.description('Assigned by the service: positive and increasing.'),
      v.examples([EXAMPLE_PET.id]),
    ),
    ...petFields,
  }),
  v.examples([EXAMPLE_PET]),
);

/** A page of pets: never more than the largest page a client may ask for. */
export const petsSchema = v.pipe(v.array(petSchema), v.maxLength(PAGE_LIMIT_MAX), v.examples([[EXAMPLE_PET]]));
