import { mkdirSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApi, TEST_KEY, type TestApi } from '../support/api-harness.js';
import { EXPECTED_OPERATIONS } from '../support/api-surface.js';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium.js';

const ARTIFACTS = 'test-artifacts';
const browserBinary = findChromium();
if ('missing' in browserBinary) {
  if (process.env.CI === 'true') throw new Error(`The browser test cannot run under CI: ${browserBinary.missing}`);
  process.stdout.write(`\nBrowser test SKIPPED: ${browserBinary.missing}.\n`);
}

describe.skipIf('missing' in browserBinary)('GET /docs in a real headless browser', () => {
  let api: TestApi;
  let browser: Browser;

  beforeAll(async () => {
    api = await startTestApi();
    browser = await chromium.launch({
      executablePath: 'path' in browserBinary ? browserBinary.path : '',
      args: CHROMIUM_ARGS,
    });
  }, 60_000);
  beforeEach(() => api.reset());
  afterAll(async () => {
    await browser.close();
    await api.close();
  });

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

  it("on a new store, answers each operation's Try it out, as pre-filled, with its documented success", async () => {
    const page = await browser.newPage();
    await page.goto(`${api.baseUrl}/docs`);
    await page.locator('button.authorize').click();
    await page.locator('.modal-ux input[type=text], .modal-ux input[type=password]').first().fill(TEST_KEY);
    await page.locator('.modal-ux button.authorize').click();
    await page.locator('.modal-ux button.btn-done').click();

    /** Opens the operation, Try it out, Execute, touching none of the values the page fills in. */
    const tryItOut = async (operationId: string) => {
      const operation = page.locator(`#operations-pets-${operationId}`);
      await operation.locator('.opblock-summary').click();
      await operation.locator('button.try-out__btn').click();
      await operation.locator('button.execute').click();
      const status = operation.locator('.live-responses-table .response .response-col_status').first();
      await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(/\d{3}/);
      const body = await operation.locator('.live-responses-table .microlight').first().textContent();
      return { operationId, status: (await status.textContent())?.trim(), body: JSON.parse(body ?? 'null') as unknown };
    };
    // The create first: the get's example id is the id the example create makes.
    const answers = [await tryItOut('createPet'), await tryItOut('listPets'), await tryItOut('getPet')];
    const rex = { id: 1, name: 'Rex', categoryId: 1, status: 'available' };
    expect(answers).toEqual([
      { operationId: 'createPet', status: '201', body: rex },
      { operationId: 'listPets', status: '200', body: [rex] },
      { operationId: 'getPet', status: '200', body: rex },
    ]);
    // The window as the reader left it, at the last answer: the page at full length takes seconds to capture.
    await page.screenshot({ path: `${ARTIFACTS}/docs-try-it-out.png` });
    await page.close();
  });
});
