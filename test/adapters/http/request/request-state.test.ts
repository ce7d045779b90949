import { describe, expect, it } from 'vitest';
import { requestStateOf, startRequestState } from '../../../../adapters/koa/request/request-state.js';
import { aKoaContext } from '../../../support/koa-context.js';
import { quiet } from '../server/served-app.js';

const arrived = () => ({
  requestId: 'r1',
  clientAddress: '203.0.113.7',
  arrivedAt: 12.5,
  logger: quiet,
  responseHeaders: [['X-Request-Id', 'r1']] as [string, string][],
});

describe("a request's state", () => {
  it('starts with what the request arrived with, and nothing yet learnt of it', () => {
    const ctx = aKoaContext();
    const started = startRequestState(ctx, arrived());
    expect(started).toEqual({
      ...arrived(),
      requestLogger: undefined,
      span: undefined,
      traceIds: undefined,
      client: undefined,
      replayed: false,
    });
    expect(Object.keys(started)).toEqual([
      'requestId',
      'clientAddress',
      'arrivedAt',
      'logger',
      'responseHeaders',
      'requestLogger',
      'span',
      'traceIds',
      'client',
      'replayed',
    ]);
  });

  it('is one object, kept on the request: every reader gets what the others added, and no other request sees it', () => {
    const ctx = aKoaContext();
    const other = aKoaContext();
    const started = startRequestState(ctx, arrived());
    startRequestState(other, { ...arrived(), requestId: 'r2' });
    requestStateOf(ctx).replayed = true;
    expect(requestStateOf(ctx)).toBe(started);
    expect(started.replayed).toBe(true);
    expect(requestStateOf(other)).toMatchObject({ requestId: 'r2', replayed: false });
    // Koa's own namespace for state is where it is kept, under a key of the module's own.
    expect([Object.keys(ctx.state), Object.getOwnPropertySymbols(ctx.state).length]).toEqual([[], 1]);
  });
});
