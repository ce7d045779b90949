import Router from '@koa/router';
import Koa from 'koa';
import type { Authenticator, PetRepository } from '../../core/ports.js';
import { requireApiKey } from './auth-middleware.js';
import { errorHandler, type HttpLogger } from './error-middleware.js';
import { addHealthRoutes } from './health-routes.js';
import { addPetRoutes, API_BASE_PATH, type PetUseCases } from './pets-routes.js';

export interface HttpAppDependencies extends PetUseCases {
  readonly authenticator: Authenticator;
  readonly storage: Pick<PetRepository, 'isReachable'>;
  readonly logger: HttpLogger;
  /** Largest accepted request body, in bytes. */
  readonly bodyLimitBytes: number;
}

/** Builds the Koa application; the caller decides where and how it listens. */
export function createHttpApp(dependencies: HttpAppDependencies): Koa {
  const app = new Koa();
  // One router for every route: each request is matched once, whatever its path.
  const router = new Router();
  addHealthRoutes(router, dependencies.storage);
  addPetRoutes(router, dependencies, { bodyLimitBytes: dependencies.bodyLimitBytes });
  const checkApiKey = requireApiKey(dependencies.authenticator);

  app.use(errorHandler(dependencies.logger));
  app.use(answerOptionsWithNoContent);
  app.use(function guardApi(ctx, next): Promise<void> {
    return isUnderApi(ctx.path) ? checkApiKey(ctx, next) : next();
  });
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}

/** The router answers OPTIONS with an empty 200 and `Allow`; an empty answer is a 204. */
const answerOptionsWithNoContent: Koa.Middleware = async (ctx, next) => {
  await next();
  if (ctx.method === 'OPTIONS' && ctx.status === 200) ctx.status = 204;
};

function isUnderApi(path: string): boolean {
  return path === API_BASE_PATH || path.startsWith(`${API_BASE_PATH}/`);
}
