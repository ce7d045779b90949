import type { RouterContext } from '@koa/router';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { OTHER_OPERATION, operationOf, recordRoute, routeOf } from '../../../../adapters/koa/routing/operation-of.js';
import { createRouter } from '../../../../adapters/koa/routing/router.js';
import { listen, type RunningServer } from '../../../../adapters/koa/server/http-server.js';
import { quiet } from '../server/served-app.js';

const OPERATIONS: ReadonlySet<string> = new Set(['getPet']);

/**
 * What the router recorded of a request, as the route it ran sees it (none when no route ran); what is read
 * of it once routed; and the operation read before routing, as a request refused for its key is counted.
 */
interface Seen {
  readonly recorded?: { readonly routerPath: string | undefined; readonly routerName: string | undefined } | undefined;
  readonly route: string | undefined;
  readonly operation: string;
  readonly beforeRouting: string;
}

let running: RunningServer | undefined;
afterEach(async () => {
  await running?.close(0);
  running = undefined;
});

/** Serves a router with getPet and an unnamed /healthz, and reports what each request showed. */
async function served(): Promise<{ see(path: string, method?: string): Promise<Seen> }> {
  const router = createRouter();
  let seen: Seen | undefined;
  let recorded: Seen['recorded'];
  const record = (ctx: Pick<RouterContext, 'routerPath' | 'routerName' | 'status'>) => {
    recorded = { routerPath: ctx.routerPath, routerName: ctx.routerName };
    ctx.status = 204;
  };
  router.register('/v1/pets/:petId', ['GET'], [record], { name: 'getPet' });
  router.get('/healthz', record);
  const app = new Koa();
  app.use(async (ctx, next) => {
    recorded = undefined;
    const beforeRouting = operationOf(ctx, router, OPERATIONS);
    await next();
    seen = { recorded, route: routeOf(ctx), operation: operationOf(ctx, router, OPERATIONS), beforeRouting };
  });
  app.use(router.routes());
  running = await listen(app, { port: 0, host: '127.0.0.1', logger: quiet });
  const base = `http://127.0.0.1:${running.address.port}`;
  return {
    async see(path, method = 'GET') {
      await (await fetch(`${base}${path}`, { method })).arrayBuffer();
      if (seen === undefined) throw new Error('the request was not seen');
      return seen;
    },
  };
}

describe("the route a request took, read from the router's documented record of it", () => {
  it('is the template and the name of the route the router ran (ctx.routerPath, ctx.routerName)', async () => {
    const app = await served();
    expect(await app.see('/v1/pets/7')).toEqual({
      recorded: { routerPath: '/v1/pets/:petId', routerName: 'getPet' },
      route: '/v1/pets/:petId',
      operation: 'getPet',
      beforeRouting: 'getPet',
    });
    expect(await app.see('/v1/pets/7', 'HEAD')).toMatchObject({ route: '/v1/pets/:petId', operation: 'getPet' });
  });

  it('names no operation for a route without an operationId, but still gives its template', async () => {
    const app = await served();
    expect(await app.see('/healthz')).toEqual({
      recorded: { routerPath: '/healthz', routerName: undefined },
      route: '/healthz',
      operation: OTHER_OPERATION,
      beforeRouting: OTHER_OPERATION,
    });
  });

  it('is none when no route ran: no template, and no operation where no route has the path and method', async () => {
    const app = await served();
    const unrouted = { route: undefined, operation: OTHER_OPERATION, beforeRouting: OTHER_OPERATION };
    expect(await app.see('/v1/nothing')).toEqual(unrouted);
    expect(await app.see('/v1/pets/7', 'PROPFIND')).toEqual(unrouted);
  });
});

describe('a route the contract found, recorded as the router records one', () => {
  it("names the operation at once, and the route in the router's syntax once it runs", () => {
    const ctx: { routerName?: string; routerPath?: string } = {};
    recordRoute(ctx, { operationId: 'getPet' });
    expect(ctx).toEqual({ routerName: 'getPet' });
    recordRoute(ctx, { operationId: 'getPet', route: '/v1/owners/{ownerId}/pets/{petId}' });
    expect(ctx).toEqual({ routerName: 'getPet', routerPath: '/v1/owners/:ownerId/pets/:petId' });
  });
});
