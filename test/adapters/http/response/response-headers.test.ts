import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import { startRequestState } from '../../../../adapters/koa/request/request-state.js';
import { addResponseHeaders, responseHeader } from '../../../../adapters/koa/response/response-headers.js';
import { aKoaContext } from '../../../support/koa-context.js';
import { quiet } from '../server/served-app.js';

/** A request's context as the request context leaves it: its state started, no header added but its id. */
function aContext(): Context {
  const ctx = aKoaContext();
  startRequestState(ctx, {
    requestId: 'r1',
    clientAddress: '203.0.113.7',
    arrivedAt: 0,
    logger: quiet,
    responseHeaders: [['X-Request-Id', 'r1']],
  });
  return ctx;
}

describe("a response's headers", () => {
  it('reads one as added, whatever its case, before one a library set on the response', () => {
    const ctx = aContext();
    ctx.res.setHeader('Connection', 'keep-alive');
    addResponseHeaders(ctx, ['Connection', 'close']);
    expect(responseHeader(ctx, 'connection')).toBe('close');
    expect(responseHeader(ctx, 'X-REQUEST-ID')).toBe('r1');
  });

  it('reads one a library set on the response, as text, and none that neither set', () => {
    const ctx = aContext();
    ctx.res.setHeader('Content-Length', 12);
    expect(responseHeader(ctx, 'Content-Length')).toBe('12');
    expect(responseHeader(ctx, 'Connection')).toBeUndefined();
  });
});
