import { createRequire } from 'node:module';
import { convertV2 } from 'openapi-to-postmanv2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  documentedSuccess,
  exampleRequests,
  inWorkingOrder,
  type ExampleOperation,
} from '../../../../testing/http-document.js';
import { startTestApi, TEST_KEY, type TestApi } from '../../../support/api-harness.js';
import { EXPECTED_OPERATIONS } from '../../../support/api-surface.js';
import { UNFLAG_PET, withUnflagPet } from '../../../support/no-content-operation.js';
import { expectDocumented } from '../../../support/openapi-check.js';
import type { LoadedWithOperations } from '../../../support/operations-added.js';

/** What a newman run reports of each request it sent; newman ships no types, so only what is read here. */
interface NewmanSummary {
  run: {
    failures: { error: { message: string } }[];
    executions: {
      request: { method: string; url: { getPathWithQuery(): string } };
      response?: { code: number; stream: Buffer; headers: { get(name: string): string | undefined } };
      requestError?: Error;
    }[];
  };
}
interface Newman {
  run(
    options: { collection: object; envVar: { key: string; value: string }[]; timeout: number; timeoutRequest: number },
    done: (error: Error | null, summary: NewmanSummary) => void,
  ): void;
}
const newman = createRequire(import.meta.url)('newman') as Newman;

/** A folder or a request of a collection (Postman's collection format v2.1). */
interface CollectionItem {
  item?: CollectionItem[];
  request?: { method: string; body?: { raw?: string } };
}

/**
 * Postman's converter, filling each request from the document's examples (`parametersResolution:
 * 'Example'`); with its default, `Schema`, it writes placeholders from the types, such as `<long>`.
 */
function collectionOf(document: object, parametersResolution: 'Example' | 'Schema' = 'Example'): Promise<object> {
  return new Promise((resolve, reject) => {
    convertV2({ type: 'json', data: document }, { parametersResolution }, (error, result) => {
      const collection = result?.output?.[0]?.data;
      if (error !== null || collection === undefined) reject(new Error(error?.message ?? result?.reason));
      else resolve(collection);
    });
  });
}

/**
 * The collection's requests in one folder, in working order (creates, reads, changes, removals): a
 * collection runs in the document's order, where a read of the example pet may come before its create
 * and a removal of it before its read.
 */
function inWorkingOrderOf(collection: object): object {
  const requests = (items: readonly CollectionItem[]): CollectionItem[] =>
    items.flatMap((item) => (item.item === undefined ? [item] : requests(item.item)));
  const { item = [] } = collection as { item?: CollectionItem[] };
  const ordered = inWorkingOrder(requests(item).map((request) => ({ method: request.request?.method ?? '', request })));
  return { ...collection, item: ordered.map(({ request }) => request) };
}

function runCollection(collection: object, baseUrl: string): Promise<NewmanSummary> {
  return new Promise((resolve, reject) => {
    newman.run(
      {
        collection,
        // The document's server is the relative /v1 (no PUBLIC_BASE_URL): the run says where the service is.
        envVar: [
          { key: 'baseUrl', value: `${baseUrl}/v1` },
          { key: 'bearerToken', value: TEST_KEY },
        ],
        timeoutRequest: 5_000,
        timeout: 15_000,
      },
      (error, summary) => {
        if (error === null) resolve(summary);
        else reject(error);
      },
    );
  });
}

type Paths = Record<string, Record<string, ExampleOperation>>;

/**
 * What holds of the collection made from any document the service serves, whatever its operations: `served`
 * lists `expected`, and a new store is behind it before each test.
 */
function itRunsAsGenerated(
  served: () => { api: TestApi; document: { paths: Paths } },
  expected: readonly { readonly operationId: string }[],
): void {
  it('runs as generated on a new store: each request gets its documented success, with a documented body or none', async () => {
    const { api, document } = served();
    const summary = await runCollection(inWorkingOrderOf(await collectionOf(document)), api.baseUrl);

    expect(summary.run.failures.map(({ error }) => error.message)).toEqual([]);
    const sent = summary.run.executions.map(({ request, response, requestError }) => ({
      request: `${request.method} ${request.url.getPathWithQuery()}`,
      status: response?.code ?? requestError?.message,
    }));
    // In working order, each as its examples fill it: the create first, then what reads, changes or removes the pet.
    expect(sent).toEqual(
      inWorkingOrder(exampleRequests(document.paths)).map(({ method, target, operation }) => ({
        request: `${method} /v1${target}`,
        status: documentedSuccess(operation).status,
      })),
    );
    expect(sent).toHaveLength(expected.length);
    for (const { request, response } of summary.run.executions) {
      await expectDocumented(api.baseUrl, {
        method: request.method,
        path: request.url.getPathWithQuery(),
        status: response!.code,
        header: (name) => response!.headers.get(name),
        text: response!.stream.toString('utf8'),
      });
    }
    // The read of the pet the create made answers that pet.
    const bodyOf = (method: string, path: string | undefined) =>
      summary.run.executions
        .find(
          ({ request }) => request.method === method && (path === undefined || request.url.getPathWithQuery() === path),
        )
        ?.response?.stream.toString('utf8');
    const create = summary.run.executions.find(({ request }) => request.method === 'POST');
    const created = bodyOf('POST', undefined);
    expect(created).toBeDefined();
    expect(bodyOf('GET', create?.response?.headers.get('location'))).toBe(created);
  });
}

describe('a Postman collection generated from /openapi.json', () => {
  let api: TestApi;
  let document: { paths: Paths };
  beforeAll(async () => {
    api = await startTestApi();
    document = (await (await api.request('/openapi.json', { key: null })).json()) as typeof document;
  });
  beforeEach(() => api.reset());
  afterAll(() => api.close());

  it('fills a create, from the schemas alone, with the fields of a new pet and no others: no id', async () => {
    const collection = (await collectionOf(document, 'Schema')) as { item: CollectionItem[] };
    const requests = (items: CollectionItem[]): CollectionItem[] =>
      items.flatMap((item) => (item.item === undefined ? [item] : requests(item.item)));
    const create = requests(collection.item).find(({ request }) => request?.method === 'POST');
    expect(Object.keys(JSON.parse(create?.request?.body?.raw ?? '{}') as object)).toEqual([
      'name',
      'categoryId',
      'status',
    ]);
  });

  itRunsAsGenerated(() => ({ api, document }), EXPECTED_OPERATIONS);
});

describe('a Postman collection generated from /openapi.json, with an operation whose success has no body added to the API', () => {
  let loaded: LoadedWithOperations<typeof import('../../../support/api-harness.js')> | undefined;
  let api: TestApi | undefined;
  let document: { paths: Paths };
  beforeAll(async () => {
    loaded = await withUnflagPet(() => import('../../../support/api-harness.js'));
    api = await loaded.module.startTestApi();
    document = (await (await api.request('/openapi.json', { key: null })).json()) as typeof document;
  });
  beforeEach(() => api?.reset());
  afterAll(async () => {
    await api?.close();
    loaded?.release();
  });

  itRunsAsGenerated(() => ({ api: api!, document }), [...EXPECTED_OPERATIONS, UNFLAG_PET]);
});
