import type Router from '@koa/router';
import type { Context } from 'koa';

/** The operations of the API, by their OpenAPI operationId: each route is named by its own. */
export const OPERATION_IDS = ['listPets', 'createPet', 'getPet'] as const;
export type OperationId = (typeof OPERATION_IDS)[number];
/** What a request is counted under: its operation, or `other` (a probe, the docs, no such route). */
export type MeasuredOperation = OperationId | 'other';

const isOperationId = (name: string | undefined): name is OperationId => OPERATION_IDS.includes(name as OperationId);

interface RoutedContext {
  /** Set by the router on the request it ran a route for; and the route's name, when it has one. */
  _matchedRoute?: unknown;
  _matchedRouteName?: string;
}

/**
 * Which operation a request asked for. A request that reached its route names it; one answered
 * before routing (401, 429) is matched against the routes now, so that it is counted under the
 * operation it would have reached. Never a path or anything else the client chose.
 */
export function operationOf(ctx: Context, router: Router): MeasuredOperation {
  const routed = ctx as Context & RoutedContext;
  const name =
    routed._matchedRoute === undefined
      ? router.match(ctx.path, ctx.method).pathAndMethod.find((layer) => isOperationId(layer.name))?.name
      : routed._matchedRouteName;
  return isOperationId(name) ? name : 'other';
}
