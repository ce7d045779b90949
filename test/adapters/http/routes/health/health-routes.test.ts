import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { renderErrors } from '../../../../../adapters/koa/middleware/render-errors.js';
import { requestContext } from '../../../../../adapters/koa/middleware/request-context.js';
import { addHealthRoutes } from '../../../../../adapters/koa/routes/health/health-routes.js';
import { createRouter } from '../../../../../adapters/koa/routing/router.js';
import { Draining } from '../../../../../adapters/http/server/draining.js';
import { listen, type RunningServer } from '../../../../../adapters/koa/server/http-server.js';
import { createLogger } from '../../../../../adapters/logging/logger.js';
import { InMemoryPetRepository } from '../../../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { loadConfig } from '../../../../../app/host/config.js';

describe('the readiness probe during a shutdown', () => {
  let running: RunningServer | undefined;
  afterEach(async () => {
    await running?.close(0);
  });

  it('answers 503 with Retry-After once the shutdown has begun, storage reachable or not; liveness stays 200', async () => {
    const shutdown = new Draining();
    const router = createRouter();
    addHealthRoutes(router, new InMemoryPetRepository(), shutdown);
    const logger = createLogger(loadConfig({ LOG_LEVEL: 'silent' }));
    const app = new Koa();
    // The error middleware responds with the headers the request context starts, as in the service.
    app.use(requestContext(logger));
    app.use(renderErrors());
    app.use(router.routes());
    running = await listen(app, { port: 0, host: '127.0.0.1', logger });
    const base = `http://127.0.0.1:${running.address.port}`;
    expect(shutdown.begun).toBe(false);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    shutdown.begin();
    expect(shutdown.begun).toBe(true);
    const refused = await fetch(`${base}/readyz`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({
      code: 'service_unavailable',
      status: 503,
      message: 'The service is shutting down',
    });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});
