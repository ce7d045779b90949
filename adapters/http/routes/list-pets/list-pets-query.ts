import * as v from 'valibot';
import { PET_STATUSES, STATUS_RULE } from '@petstore/core/pet.js';
import { AFTER_ID_MAX, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, PAGE_LIMIT_MIN, PAGE_RULES } from '@petstore/core/paging.js';
import { integerParameter } from '../../schemas/integer-parameter.js';
import { EXAMPLE_NEW_PET } from '../../schemas/pet.js';

const petStatus = (name: string) =>
  v.picklist(PET_STATUSES, (issue) => (issue.received === 'Array' ? `${name} must be given once` : STATUS_RULE));

/** The query of listPets: each parameter in its one spelling, the values the core allows. */
export const listPetsQuery = v.object({
  limit: v.optional(
    v.pipe(
      integerParameter(
        'limit',
        { min: PAGE_LIMIT_MIN, max: PAGE_LIMIT_MAX, rule: `limit ${PAGE_RULES.limit}` },
        { description: 'The most pets to return in this page.', example: PAGE_LIMIT_DEFAULT },
      ),
      // Left out, the core applies its default; the document states it.
      v.metadata({ default: PAGE_LIMIT_DEFAULT }),
    ),
  ),
  // The examples ask for the first page of the example pet's status: the page that holds the example pet.
  status: v.optional(
    v.pipe(petStatus('status'), v.description('Only pets with this status.'), v.examples([EXAMPLE_NEW_PET.status])),
  ),
  after: v.optional(
    integerParameter(
      'after',
      { min: 0, max: AFTER_ID_MAX, rule: `after ${PAGE_RULES.afterId}` },
      {
        description: 'Only pets with an id greater than this one (0: from the start); the `next` link carries it.',
        example: 0,
      },
    ),
  ),
});
