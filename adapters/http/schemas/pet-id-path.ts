import * as v from 'valibot';
import { integerParameter } from './integer-parameter.js';
import { EXAMPLE_PET, PET_ID_PARAMETER } from './pet.js';

const PET_ID_RANGE = {
  ...PET_ID_PARAMETER,
  rule: `petId must be an integer from ${PET_ID_PARAMETER.min} to ${PET_ID_PARAMETER.max}`,
};

export const petIdPath = v.object({
  // The example pet's id: the one the example create makes on an empty store.
  petId: integerParameter('petId', PET_ID_RANGE, { description: 'The id of the pet.', example: EXAMPLE_PET.id }),
});
