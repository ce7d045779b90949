import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, InvalidPageQuery, InvalidPet, PetNotFound } from '../../../../core/errors.js';
import { renderErrors } from '../../../../adapters/koa/middleware/render-errors.js';
import { requestContext } from '../../../../adapters/koa/middleware/request-context.js';
import type { HttpLogger } from '../../../../adapters/http/logs/http-logger.js';
import { listen, type RunningServer } from '../../../../adapters/koa/server/http-server.js';
import { expectError } from '../../../support/api-harness.js';

// A misspelt code cannot reach the error table: it does not compile (tsc checks the tests too).
export class MisspeltDomainError extends DomainError {
  // @ts-expect-error 'pet_not_fonud' is not a DomainErrorCode
  readonly code = 'pet_not_fonud';
}

const thrownBy: Record<string, () => unknown> = {
  '/invalid-pet': () => new InvalidPet('name', 'name must not be blank'),
  '/invalid-page-query': () => new InvalidPageQuery('limit', 'limit must be an integer from 1 to 100'),
  '/not-found': () => new PetNotFound(7),
  '/string': () => 'a thrown string',
  '/null': () => null,
  '/http-error': () => Object.assign(new Error('Teapot'), { status: 418, expose: true }),
};

let running: RunningServer;
let base: string;
const logged: { details: object; message: string }[] = [];
const errorLog: HttpLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: (details, message) => logged.push({ details, message }),
  child: () => errorLog,
};

beforeAll(async () => {
  const app = new Koa();
  // The error middleware logs through the request's logger, which requestContext provides.
  app.use(requestContext(errorLog));
  app.use(renderErrors());
  app.use((ctx) => {
    const makeError = thrownBy[ctx.path];
    if (makeError) throw makeError();
    ctx.status = 404;
  });
  running = await listen(app, { port: 0, host: '127.0.0.1', logger: errorLog });
  base = `http://127.0.0.1:${running.address.port}`;
});
afterAll(() => running.close(0));

describe('the error middleware maps every error to the Error body', () => {
  it('maps InvalidPet to 400 invalid_body, naming the field, without logging', async () => {
    logged.length = 0;
    const body = await expectError(await fetch(`${base}/invalid-pet`), 400, 'invalid_body');
    expect(body).toMatchObject({
      message: 'Invalid request body: name must not be blank',
      details: [{ path: 'name', message: 'name must not be blank' }],
    });
    expect(logged).toEqual([]);
  });

  it('maps InvalidPageQuery to 400 invalid_query, naming the parameter', async () => {
    const body = await expectError(await fetch(`${base}/invalid-page-query`), 400, 'invalid_query');
    expect(body).toMatchObject({
      message: 'Invalid query parameter: limit must be an integer from 1 to 100',
      details: [{ path: 'limit', message: 'limit must be an integer from 1 to 100' }],
    });
  });

  it('maps PetNotFound to 404 not_found', async () => {
    const body = await expectError(await fetch(`${base}/not-found`), 404, 'not_found');
    expect(body.message).toBe('No pet has id 7');
  });

  it.each(['/string', '/null', '/http-error'])(
    'answers anything it does not know (%s) with a generic 500 and logs it',
    async (path) => {
      logged.length = 0;
      const body = await expectError(await fetch(`${base}${path}`), 500, 'internal_error');
      expect(body.message).toBe('The server could not complete the request');
      expect(logged).toHaveLength(1);
      expect(logged[0]?.details).toMatchObject({ method: 'GET', path });
    },
  );

  it('turns an unanswered request into 404 not_found without logging', async () => {
    logged.length = 0;
    await expectError(await fetch(`${base}/nothing`), 404, 'not_found');
    expect(logged).toEqual([]);
  });
});
