import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PetIdsExhausted, StorageUnavailable } from '../../../../core/errors.js';
import { ERROR_EXAMPLES } from '../../../../adapters/http/openapi/error-examples.js';
import { ERROR_CODES, ERRORS, type ErrorCode } from '../../../../adapters/http/errors/error-codes.js';
import { InMemoryPetRepository } from '../../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { startTestApi, TEST_KEY, type TestApi } from '../../../support/api-harness.js';
import { sendRaw } from '../../../support/raw-http.js';

const AUTH = `Authorization: Bearer ${TEST_KEY}`;
const JSON_TYPE = { 'Content-Type': 'application/json' };

type Answer = { status: number; body: unknown };
type Provoke = (api: TestApi) => Promise<Answer>;

const answerOf = async (response: Response): Promise<Answer> => ({
  status: response.status,
  body: await response.json(),
});
const post = (api: TestApi, body: string | Buffer, headers: Record<string, string> = JSON_TYPE) =>
  api.request('/v1/pets', { method: 'POST', headers, body }).then(answerOf);
const raw = async (api: TestApi, request: string): Promise<Answer> => {
  const response = await sendRaw(Number(new URL(api.baseUrl).port), request);
  return { status: response?.status ?? 0, body: JSON.parse(response?.body ?? 'null') };
};

/** A request that earns each code, on the harness's server over an empty store: the examples' own story. */
const PROVOKED: Partial<Record<ErrorCode, Provoke>> = {
  bad_request: (api) => raw(api, 'GET /v1/pets HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n'),
  unauthorized: (api) => api.request('/v1/pets', { key: null }).then(answerOf),
  invalid_json: (api) => post(api, '{"name":'),
  invalid_utf8: (api) => post(api, Buffer.from([0x7b, 0xff, 0x7d])),
  invalid_content_encoding: (api) => post(api, '{}', { ...JSON_TYPE, 'Content-Encoding': 'gzip' }),
  invalid_body: (api) => post(api, '{"name":"Rex"}'),
  invalid_query: (api) => api.request('/v1/pets?limit=0').then(answerOf),
  invalid_path_parameter: (api) => api.request('/v1/pets/rex').then(answerOf),
  invalid_idempotency_key: (api) =>
    post(api, '{"name":"Rex","categoryId":1}', { ...JSON_TYPE, 'Idempotency-Key': 'a b' }),
  not_found: (api) => api.request('/v1/pets/2').then(answerOf),
  // At a probe, whose methods no operation the API adds changes.
  method_not_allowed: (api) => api.request('/healthz', { method: 'POST', key: null }).then(answerOf),
  idempotency_key_reused: async (api) => {
    const headers = { ...JSON_TYPE, 'Idempotency-Key': 'k-1' };
    expect((await post(api, '{"name":"Rex","categoryId":1}', headers)).status).toBe(201);
    return post(api, '{"name":"Rex","categoryId":2}', headers);
  },
  payload_too_large: (api) => post(api, `"${'x'.repeat(1024 * 1024)}"`),
  unsupported_media_type: (api) => post(api, '{}', { 'Content-Type': 'text/plain' }),
  unsupported_content_encoding: (api) => post(api, '{}', { ...JSON_TYPE, 'Content-Encoding': 'zstd' }),
  expectation_failed: (api) => raw(api, `GET /v1/pets HTTP/1.1\r\nHost: x\r\n${AUTH}\r\nExpect: 200-ok\r\n\r\n`),
  headers_too_large: (api) => raw(api, `GET /v1/pets HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
  not_implemented: (api) =>
    raw(
      api,
      `POST /v1/pets HTTP/1.1\r\nHost: x\r\n${AUTH}\r\nTransfer-Encoding: gzip, chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
    ),
  http_version_not_supported: (api) => raw(api, `GET /v1/pets HTTP/2.0\r\nHost: x\r\n${AUTH}\r\n\r\n`),
};

/** What a storage that fails answers, on a server of its own: a list, or (for what only adds meet) a create. */
const STORAGE_FAILURES: Partial<Record<ErrorCode, { readonly failure: Error; readonly failing: 'list' | 'add' }>> = {
  internal_error: { failure: new Error('a fault of ours'), failing: 'list' },
  service_unavailable: { failure: new StorageUnavailable(), failing: 'list' },
  pet_ids_exhausted: { failure: new PetIdsExhausted(), failing: 'add' },
};

/** Earned only by a race, a slow client or thousands of requests: each is held to the form of the others. */
const NOT_PROVOKED_HERE: readonly ErrorCode[] = ['request_timeout', 'idempotency_key_in_use', 'rate_limited'];

describe("the document's error examples", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  beforeEach(() => api.reset());
  afterAll(() => api.close());

  it('are each checked here, one way or another', () => {
    const checked = [...Object.keys(PROVOKED), ...Object.keys(STORAGE_FAILURES), ...NOT_PROVOKED_HERE];
    expect(checked.sort()).toEqual([...ERROR_CODES].sort());
  });

  it.each(Object.entries(PROVOKED))(
    'words %s as the service does, for a request that earns it',
    async (code, provoke) => {
      const example = ERROR_EXAMPLES[code as ErrorCode];
      expect(await provoke(api)).toStrictEqual({ status: example.status, body: example });
    },
  );

  it.each(Object.entries(STORAGE_FAILURES))(
    'words %s as the service does, when storage fails',
    async (code, { failure, failing }) => {
      const repository = Object.assign(new InMemoryPetRepository(), { [failing]: () => Promise.reject(failure) });
      const own = await startTestApi({ repository });
      try {
        const example = ERROR_EXAMPLES[code as ErrorCode];
        const answer =
          failing === 'list' ? answerOf(await own.request('/v1/pets')) : post(own, '{"name":"Rex","categoryId":1}');
        expect(await answer).toStrictEqual({ status: example.status, body: example });
      } finally {
        await own.close();
      }
    },
  );

  it('carry their code, its status, and a message a person reads', () => {
    for (const code of ERROR_CODES) {
      const { code: named, status, message, ...rest } = ERROR_EXAMPLES[code];
      expect({ named, status, rest: Object.keys(rest).filter((key) => key !== 'details') }).toEqual({
        named: code,
        status: ERRORS[code].status,
        rest: [],
      });
      // Words, capitalised, never a placeholder.
      expect(message, code).toMatch(/^[A-Z]\S* \S.*\S$/);
    }
  });
});
