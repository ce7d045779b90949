import type Router from '@koa/router';
import type { Context } from 'koa';

/** What a request is counted under: its operation, by its OpenAPI operationId, or `other`. */
export const OTHER_OPERATION = 'other';

interface RoutedContext {
  /** Set by the router on the request it ran a route for, its path template; and the route's name, when it has one. */
  _matchedRoute?: string;
  _matchedRouteName?: string;
}

/**
 * Which of `operations` a request asked for (a route is named by its operationId), or `other`: a
 * probe, the docs, no such route. A request that reached its route names it; one refused before
 * routing (401, 429) is matched against the routes now, so that it is counted under the operation
 * it would have reached. Never a path or anything else the client chose.
 */
export function operationOf(ctx: Context, router: Router, operations: ReadonlySet<string>): string {
  const routed = ctx as Context & RoutedContext;
  // Run on every request: the routed case, by far the common one, allocates nothing.
  const name =
    routed._matchedRoute === undefined
      ? router.match(ctx.path, ctx.method).pathAndMethod.find((layer) => isOneOf(operations, layer.name))?.name
      : routed._matchedRouteName;
  return isOneOf(operations, name) ? name : OTHER_OPERATION;
}

/** Whether a route's name is one of `operations`; the set itself says no to a route without one. */
function isOneOf(operations: ReadonlySet<string>, name: string | null | undefined): name is string {
  return (operations as ReadonlySet<unknown>).has(name);
}

/** The route template the router served a request by (`/v1/pets/:petId`); undefined when none did. */
export function routeOf(ctx: Context): string | undefined {
  return (ctx as Context & RoutedContext)._matchedRoute;
}
