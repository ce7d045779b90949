import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_SYNTAX } from '@petstore/core/idempotency.js';
import { PET_ID_MAX } from '@petstore/core/pet.js';
import { JSON_BODY_ERROR_CODES } from '../../body/json-text.js';
import { everyResponseHeaders, headerRef } from '../../openapi/common-headers.js';
import { errorResponses, EVERY_OPERATION_ERRORS } from '../../openapi/error-responses.js';
import { jsonContent } from '../../openapi/json-schemas.js';
import { EXAMPLE_PET, newPetBody, petSchema } from '../../schemas/pet.js';
import type { OperationDocument } from '../../routing/api-operation.js';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../../request/header-names.js';
import { API_BASE_PATH } from '../../routing/api-paths.js';

/** A UUID, the kind of key the parameter suggests. */
const EXAMPLE_IDEMPOTENCY_KEY = '9c4e2b7a-1f3d-4e5a-8b6c-0d2f4a6e8c13';

/** The IETF HTTPAPI draft's header (draft-ietf-httpapi-idempotency-key-header), with Stripe's key syntax. */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description:
    'A key of your choosing, unique per request you mean (a UUID, say), that makes the create safe to retry. A ' +
    'repeat with the same key and body, within the retention period (24 hours by default), gets the first response ' +
    'again, with `Idempotent-Replayed: true`, and adds nothing. Keys are scoped to your API key. Responses other ' +
    'than 201 are not kept.',
  schema: {
    type: 'string',
    minLength: 1,
    maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
    pattern: IDEMPOTENCY_KEY_SYNTAX.source,
    examples: [EXAMPLE_IDEMPOTENCY_KEY],
  },
  example: EXAMPLE_IDEMPOTENCY_KEY,
};

export function createPetDocument(path: string): OperationDocument {
  return {
    operation: {
      tags: ['pets'],
      summary: 'Add a pet',
      description:
        'The service assigns the id. Unknown fields, `null` values and an `id` are refused. Send an ' +
        '`Idempotency-Key` to make the request safe to retry: whatever the number of attempts, one pet is added.',
      parameters: [IDEMPOTENCY_KEY_PARAMETER],
      requestBody: { required: true, content: jsonContent(newPetBody) },
      responses: {
        201: {
          description:
            'The pet as stored, with its id; for a repeat of a request with the same `Idempotency-Key`, the pet that ' +
            'request added.',
          headers: {
            ...everyResponseHeaders(),
            Location: headerRef('Location'),
            [IDEMPOTENT_REPLAYED_HEADER]: headerRef(IDEMPOTENT_REPLAYED_HEADER),
          },
          content: jsonContent(petSchema),
        },
        ...errorResponses(
          [
            ...JSON_BODY_ERROR_CODES,
            'invalid_body',
            'invalid_idempotency_key',
            'idempotency_key_in_use',
            'idempotency_key_reused',
            'pet_ids_exhausted',
            ...EVERY_OPERATION_ERRORS,
          ],
          everyResponseHeaders,
        ),
      },
    },
    headers: {
      Location: {
        description: 'The path of the new pet.',
        required: true,
        // The pet's path under this server: the largest id is the longest.
        schema: {
          type: 'string',
          format: 'uri-reference',
          maxLength: `${API_BASE_PATH}${path}/${PET_ID_MAX}`.length,
          examples: [`${API_BASE_PATH}${path}/${EXAMPLE_PET.id}`],
        },
      },
      [IDEMPOTENT_REPLAYED_HEADER]: {
        description:
          'Present, and `true`, when this response is the stored response to an earlier request with the same ' +
          '`Idempotency-Key`.',
        schema: { type: 'string', const: 'true' },
      },
    },
  };
}
