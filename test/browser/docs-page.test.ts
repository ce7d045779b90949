import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  documentedSuccess,
  exampleRequests,
  inWorkingOrder,
  type ExampleOperation,
} from '../../testing/http-document.js';
import { startTestApi, TEST_KEY, type TestApi } from '../support/api-harness.js';
import { EXPECTED_OPERATIONS } from '../support/api-surface.js';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium.js';
import { UNFLAG_PET, withUnflagPet } from '../support/no-content-operation.js';
import type { LoadedWithOperations } from '../support/operations-added.js';
import { OpenApiResponseValidator } from '../support/openapi-validator.js';

const ARTIFACTS = 'test-artifacts';
const browserBinary = findChromium();
if ('missing' in browserBinary) {
  if (process.env.CI === 'true') throw new Error(`The browser test cannot run under CI: ${browserBinary.missing}`);
  process.stdout.write(`\nBrowser test SKIPPED: ${browserBinary.missing}.\n`);
}

type Document = ConstructorParameters<typeof OpenApiResponseValidator>[0] & {
  readonly paths: Record<string, Record<string, ExampleOperation>>;
};
/** The operations a test expects the document to list, as a client knows them. */
type ExpectedOperations = readonly { readonly operationId: string; readonly method: string }[];

/** Gives the page the test's key, as a reader does through Authorize. */
async function authorize(page: Page): Promise<void> {
  await page.locator('button.authorize').click();
  await page.locator('.modal-ux input[type=text], .modal-ux input[type=password]').first().fill(TEST_KEY);
  await page.locator('.modal-ux button.authorize').click();
  await page.locator('.modal-ux button.btn-done').click();
}

/** Opens the operation, Try it out, Execute, touching none of the values the page fills in; what the page shows of the answer. */
async function tryItOut(page: Page, { operationId, tags }: ExampleOperation) {
  // Swagger UI groups an operation under its first tag, one without any under `default`.
  const block = page.locator(`#operations-${tags?.[0] ?? 'default'}-${operationId}`);
  await block.locator('.opblock-summary').click();
  await block.locator('button.try-out__btn').click();
  await block.locator('button.execute').click();
  const response = block.locator('.live-responses-table .response').first();
  const status = response.locator('.response-col_status');
  await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(/\d{3}/);
  // The page shows "name: value" lines, and no Response body at all for an answer without one.
  const headers = new Map(
    (await response.locator('.headerline').allTextContents()).map((line) => {
      const [name, ...value] = line.trim().split(': ');
      return [name!.toLowerCase(), value.join(': ')] as const;
    }),
  );
  const body = response.locator('.highlight-code pre');
  return {
    status: Number(await status.textContent()),
    header: (name: string) => headers.get(name.toLowerCase()),
    text: (await body.count()) === 0 ? '' : ((await body.textContent()) ?? ''),
  };
}

/**
 * Try it out on each operation of any document the service serves, whatever its operations: `served` lists
 * `expected`, with a new store behind it before each test.
 */
function itTriesEveryOperation(
  browser: () => Browser,
  served: () => TestApi,
  expected: ExpectedOperations,
  { screenshot }: { screenshot?: string } = {},
): void {
  it("on a new store, answers each operation's Try it out, as pre-filled, creates first, with its documented success", async () => {
    const api = served();
    const document = (await (await fetch(`${api.baseUrl}/openapi.json`)).json()) as Document;
    const validator = new OpenApiResponseValidator(document);
    const page = await browser().newPage();
    await page.goto(`${api.baseUrl}/docs`);
    await authorize(page);

    const answers = [];
    // Creates first, then reads, changes and removals: each finds the pet the create makes.
    for (const { operation, method, target } of inWorkingOrder(exampleRequests(document.paths))) {
      const shown = await tryItOut(page, operation);
      answers.push({
        operationId: operation.operationId,
        status: shown.status,
        // A body its schema holds, or none at all, with no type, for a success without one.
        problems: validator.statusAndBodyProblems({ method, path: `${document.servers[0]!.url}${target}`, ...shown }),
        documented: documentedSuccess(operation).status,
      });
    }
    expect(answers.map(({ operationId }) => operationId)).toEqual(
      inWorkingOrder(expected).map(({ operationId }) => operationId),
    );
    for (const { operationId, status, problems, documented } of answers)
      expect({ operationId, status, problems }).toEqual({ operationId, status: documented, problems: [] });
    // The window as the reader left it, at the last answer: the page at full length takes seconds to capture.
    if (screenshot !== undefined) await page.screenshot({ path: `${ARTIFACTS}/${screenshot}` });
    await page.close();
  });
}

describe.skipIf('missing' in browserBinary)('GET /docs in a real headless browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: 'path' in browserBinary ? browserBinary.path : '',
      args: CHROMIUM_ARGS,
    });
  }, 60_000);
  afterAll(() => browser.close());

  describe('of the service', () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi();
    });
    beforeEach(() => api.reset());
    afterAll(() => api.close());

    it('renders every operation from /openapi.json, loading nothing from elsewhere', async () => {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('request', (request) => {
        if (!request.url().startsWith(api.baseUrl) && !request.url().startsWith('data:'))
          problems.push(`off-site request: ${request.url()}`);
      });

      await page.goto(`${api.baseUrl}/docs`);
      await page
        .locator('.opblock')
        .nth(EXPECTED_OPERATIONS.length - 1)
        .waitFor();

      const texts = (selector: string) => page.locator(`.opblock-summary ${selector}`).allTextContents();
      const [methods, paths, operationIds] = await Promise.all([
        texts('.opblock-summary-method'),
        // Swagger UI breaks long paths with zero-width spaces; a deprecated path has a class of its own.
        texts(':is(.opblock-summary-path, .opblock-summary-path__deprecated)'),
        texts('.opblock-summary-operation-id'),
      ]);
      const operations = methods.map((method, index) => ({
        method,
        path: paths[index]?.replace(/\u200b/g, ''),
        operationId: operationIds[index],
      }));
      expect(operations).toEqual(
        EXPECTED_OPERATIONS.map(({ method, path, operationId }) => ({ method, path, operationId })),
      );
      await expect
        .poll(() => page.locator('.opblock-deprecated .opblock-summary-operation-id').textContent())
        .toBe('getPet');
      expect(await page.locator('.info .title').textContent()).toContain('Pet store API');

      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: `${ARTIFACTS}/docs-page.png`, fullPage: true });
      expect(problems).toEqual([]);
      await page.close();
    });

    itTriesEveryOperation(
      () => browser,
      () => api,
      EXPECTED_OPERATIONS,
      { screenshot: 'docs-try-it-out.png' },
    );
  });

  describe('with an operation whose success has no body added to the API', () => {
    let loaded: LoadedWithOperations<typeof import('../support/api-harness.js')> | undefined;
    let api: TestApi | undefined;
    beforeAll(async () => {
      loaded = await withUnflagPet(() => import('../support/api-harness.js'));
      api = await loaded.module.startTestApi();
    });
    beforeEach(() => api?.reset());
    afterAll(async () => {
      await api?.close();
      loaded?.release();
    });

    itTriesEveryOperation(
      () => browser,
      () => api!,
      [...EXPECTED_OPERATIONS, UNFLAG_PET],
    );
  });
});
