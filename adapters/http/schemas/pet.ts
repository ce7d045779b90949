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
import { PAGE_LIMIT_MAX } from '../../../core/paging.js';
import { INT64 } from './integer-parameter.js';

/** Where the pets are, under the API's base path. */
export const PETS_PATH = '/pets';

/** Any id may be asked for, 0 included; one no pet has is a 404. */
export const PET_ID_PARAMETER = { min: 0, max: PET_ID_MAX } as const;

const nameRule = ({ pattern, message }: NameRule) => v.regex<string, string>(pattern, message);

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
);

/** What the service responds with: never validated at run time, it is what the document promises. */
export const petSchema = v.strictObject({
  id: v.pipe(
    v.number(),
    v.safeInteger(),
    v.minValue(1),
    INT64,
    v.description('Assigned by the service: positive and increasing.'),
  ),
  ...petFields,
});

/** A page of pets: never more than the largest page a client may ask for. */
export const petsSchema = v.pipe(v.array(petSchema), v.maxLength(PAGE_LIMIT_MAX));
