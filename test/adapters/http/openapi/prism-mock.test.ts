import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertValidNewPet, isPetId, newPetOf, type Pet } from '../../../../core/pet.js';
import { ERRORS, type ErrorCode } from '../../../../adapters/http/errors/error-codes.js';
import { documentedSuccess, exampleRequests, type ExampleOperation } from '../../../../testing/http-document.js';
import { startTestApi, type TestApi } from '../../../support/api-harness.js';
import { EXPECTED_OPERATIONS } from '../../../support/api-surface.js';
import { UNFLAG_PET, withUnflagPet } from '../../../support/no-content-operation.js';
import { watchProcess, type ServiceProcess } from '../../../support/service-process.js';

const PRISM_PACKAGE = createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json');
/** The mock checks that a bearer token is sent, not which. */
const ANY_KEY = { Authorization: 'Bearer any-key' };

type Paths = Record<string, Record<string, ExampleOperation>>;
/** The operations a test expects the document to list, as a client knows them. */
type ExpectedOperations = readonly { readonly operationId: string }[];

/** The document a service serves. */
async function documentOf(start: () => Promise<TestApi>): Promise<{ paths: Paths }> {
  const api = await start();
  try {
    return (await (await api.request('/openapi.json', { key: null })).json()) as { paths: Paths };
  } finally {
    await api.close();
  }
}

/** What the mock answers the requests a document's examples make, whatever its operations: `paths` lists `expected`. */
function itAnswersTheExamples(mockUrl: () => string, paths: () => Paths, expected: ExpectedOperations): void {
  it("answers each operation's example request with its documented success: pets the domain accepts, each with a pet id, or no body", async () => {
    const served = [];
    for (const { operation, method, target, headers, body: sent } of exampleRequests(paths())) {
      const response = await fetch(`${mockUrl()}${target}`, {
        method,
        headers: { ...headers, ...ANY_KEY },
        body: sent,
      });
      served.push({ operationId: operation.operationId, status: response.status });
      if (!documentedSuccess(operation).hasBody) {
        expect(await response.text(), operation.operationId).toBe('');
        continue;
      }
      const body = (await response.json()) as Pet | Pet[];
      const pets = Array.isArray(body) ? body : [body];
      expect(pets.length, operation.operationId).toBeGreaterThan(0);
      for (const pet of pets) {
        expect(() => {
          assertValidNewPet(newPetOf(pet));
        }, JSON.stringify(pet)).not.toThrow();
        expect(isPetId(pet.id), JSON.stringify(pet)).toBe(true);
      }
    }
    expect(served).toEqual(
      exampleRequests(paths()).map(({ operation }) => ({
        operationId: operation.operationId,
        status: documentedSuccess(operation).status,
      })),
    );
    expect(served.map(({ operationId }) => operationId)).toEqual(expected.map(({ operationId }) => operationId));
  });

  it('answers each error an operation documents, asked for by status and code, with a body of that code and its status', async () => {
    const served = [];
    for (const { operation, method, target, headers, body: sent } of exampleRequests(paths())) {
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const code of Object.keys(response.content?.['application/json']?.examples ?? {})) {
          const mocked = await fetch(`${mockUrl()}${target}`, {
            method,
            headers: { ...headers, ...ANY_KEY, Prefer: `code=${status}, example=${code}` },
            body: sent,
          });
          const body = (await mocked.json()) as { code: string; status: number };
          served.push(operation.operationId);
          const sends = ERRORS[code as ErrorCode].status;
          expect({ status: mocked.status, code: body.code, bodyStatus: body.status }, operation.operationId).toEqual({
            status: sends,
            code,
            bodyStatus: sends,
          });
          expect(Number(status)).toBe(sends);
        }
      }
    }
    // Every code of every operation's errors: 400s, 401, 404, 408, 409, 413, 415, 417, 422, 429, 431, 5xx.
    expect(served.length).toBeGreaterThan(40);
  });
}

/**
 * Prism (`prism mock`, static: it answers with the document's examples) on the document the service serves with
 * a test's operation whose success has no body added: one mock, which Prism takes seconds to start, for both. The
 * document as served is all in it, unchanged (the first test holds it so), and what the mock answers of an
 * operation depends on that operation's part alone.
 */
describe('a mock server made by Prism from /openapi.json', () => {
  let folder: string | undefined;
  let prism: ServiceProcess | undefined;
  let mockUrl: string;
  let served: { paths: Paths };
  let added: { paths: Paths };

  beforeAll(async () => {
    served = await documentOf(() => startTestApi());
    const loaded = await withUnflagPet(() => import('../../../support/api-harness.js'));
    try {
      added = await documentOf(() => loaded.module.startTestApi());
    } finally {
      loaded.release();
    }
    folder = mkdtempSync(join(tmpdir(), 'petstore-prism-'));
    writeFileSync(join(folder, 'openapi.json'), JSON.stringify(added));
    const bin = join(dirname(PRISM_PACKAGE), 'dist/index.js');
    prism = watchProcess(
      spawn(process.execPath, [bin, 'mock', '--host', '127.0.0.1', '--port', '0', join(folder, 'openapi.json')], {
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    const listening = await prism.waitForOutput(/Prism is listening on http:\/\/127\.0\.0\.1:\d+/, 15_000);
    mockUrl = /http:\/\/127\.0\.0\.1:\d+/.exec(listening)![0];
  }, 20_000);

  afterAll(async () => {
    // Whatever part of the set-up ran: no Prism outlives the file.
    if (prism !== undefined && prism.child.exitCode === null) {
      prism.child.kill('SIGTERM');
      await prism.exited;
    }
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  });

  it('is made from a document holding /openapi.json as served, unchanged, and the added operation', () => {
    expect(added).toMatchObject(served);
    const operationIds = (document: { paths: Paths }) =>
      exampleRequests(document.paths).map(({ operation }) => operation.operationId);
    expect(operationIds(added)).toEqual([...operationIds(served), UNFLAG_PET.operationId]);
  });

  describe('for the operations the service serves', () => {
    itAnswersTheExamples(
      () => mockUrl,
      () => served.paths,
      EXPECTED_OPERATIONS,
    );
  });

  describe('for an operation whose success has no body, added to the API', () => {
    itAnswersTheExamples(
      () => mockUrl,
      () => added.paths,
      [...EXPECTED_OPERATIONS, UNFLAG_PET],
    );
  });
});
