import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_RULE } from '../../../../core/idempotency.js';
import { PAGE_RULES } from '../../../../core/paging.js';
import {
  CATEGORY_ID_RULE,
  CATEGORY_ID_TYPE_RULE,
  PET_NAME_LENGTH_RULE,
  PET_NAME_RULES,
  PET_NAME_TYPE_RULE,
  STATUS_RULE,
} from '../../../../core/pet.js';
import { expectError, startTestApi, type TestApi } from '../../../support/api-harness.js';

/** A request that breaks exactly one rule of the core, and the message of that rule as the core words it. */
interface RuleCase {
  readonly rule: string;
  readonly coreMessage: string;
  readonly request: { path: string; body?: unknown; headers?: Record<string, string> };
  readonly code: string;
  /** The field the client named, when the message quotes it. */
  readonly detailPath?: string;
}

const create = (body: unknown, headers: Record<string, string> = {}) => ({
  request: { path: '/v1/pets', body, headers },
  code: 'invalid_body',
});
const list = (query: string) => ({ request: { path: `/v1/pets?${query}` }, code: 'invalid_query' });

const RULES: readonly RuleCase[] = [
  {
    rule: 'name is a string',
    coreMessage: PET_NAME_TYPE_RULE,
    ...create({ name: 7, categoryId: 1 }),
    detailPath: 'name',
  },
  {
    rule: 'name has a visible character',
    coreMessage: PET_NAME_RULES.visible.message,
    ...create({ name: '\u200B', categoryId: 1 }),
    detailPath: 'name',
  },
  {
    rule: 'name has no control character',
    coreMessage: PET_NAME_RULES.printable.message,
    ...create({ name: 'a\u0007', categoryId: 1 }),
    detailPath: 'name',
  },
  {
    rule: 'name is at most 200 characters',
    coreMessage: PET_NAME_LENGTH_RULE,
    ...create({ name: 'x'.repeat(201), categoryId: 1 }),
    detailPath: 'name',
  },
  {
    rule: 'categoryId is an integer',
    coreMessage: CATEGORY_ID_TYPE_RULE,
    ...create({ name: 'Rex', categoryId: '1' }),
    detailPath: 'categoryId',
  },
  {
    rule: 'categoryId is a whole number',
    coreMessage: CATEGORY_ID_TYPE_RULE,
    ...create({ name: 'Rex', categoryId: 1.5 }),
    detailPath: 'categoryId',
  },
  {
    rule: 'categoryId is held exactly',
    coreMessage: CATEGORY_ID_RULE,
    ...create({ name: 'Rex', categoryId: 2 ** 53 }),
    detailPath: 'categoryId',
  },
  {
    rule: 'status is a known status (body)',
    coreMessage: STATUS_RULE,
    ...create({ name: 'Rex', categoryId: 1, status: 'lost' }),
    detailPath: 'status',
  },
  {
    rule: 'status is left out rather than null (body)',
    coreMessage: STATUS_RULE,
    ...create({ name: 'Rex', categoryId: 1, status: null }),
    detailPath: 'status',
  },
  { rule: 'status is a known status (query)', coreMessage: STATUS_RULE, ...list('status=lost'), detailPath: 'status' },
  {
    rule: 'a page holds 1 to 100 pets',
    coreMessage: `limit ${PAGE_RULES.limit}`,
    ...list('limit=101'),
    detailPath: 'limit',
  },
  {
    rule: 'a cursor is a pet id',
    coreMessage: `after ${PAGE_RULES.afterId}`,
    ...list('after=9007199254740992'),
    detailPath: 'after',
  },
  {
    rule: 'an idempotency key is 1 to 255 visible ASCII characters',
    coreMessage: IDEMPOTENCY_KEY_RULE,
    ...create({ name: 'Rex', categoryId: 1 }, { 'Idempotency-Key': 'a b' }),
    code: 'invalid_idempotency_key',
  },
];

// The messages come from the core's constants, never retyped here: a schema that worded a rule its
// own way would fail this, whichever of the two wordings changed.
describe("every rule of the core answers over HTTP in the core's words", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it.each(RULES)('$rule', async ({ coreMessage, request, code, detailPath }) => {
    const { path, body, headers = {} } = request;
    const response =
      body === undefined
        ? await api.request(path)
        : await api.request(path, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', ...headers },
            body: JSON.stringify(body),
          });
    const error = await expectError(response, 400, code);
    if (detailPath === undefined) expect(error.message).toBe(coreMessage);
    else expect(error.details).toEqual([{ path: detailPath, message: coreMessage }]);
  });
});
