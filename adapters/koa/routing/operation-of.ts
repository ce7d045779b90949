import type Router from '@koa/router';
import { colonPattern } from '@petstore/http/routing/api-paths.js';

/** What a request is counted under: its operation, by its OpenAPI operationId, or `other`. */
export const OTHER_OPERATION = 'other';

/**
 * A request's context as the router leaves it. On a request it ran a route for, it records the route's
 * path template and its name, when it has one: both are in @koa/router's documentation ("Access Router
 * Context Properties") and its `RouterContext` type, which Koa's `Context` does not carry. Nothing
 * else of the router's is read.
 */
interface RoutedContext {
  readonly method: string;
  readonly path: string;
  readonly routerPath?: string | undefined;
  readonly routerName?: string | undefined;
}

/**
 * Which of `operations` a request asked for (a route is named by its operationId), or `other`: a
 * probe, the docs, no such route. A request that reached its route names it; one refused before
 * routing (401, 429) is matched against the routes now, so that it is counted under the operation
 * it would have reached. Never a path or anything else the client chose.
 */
export function operationOf(ctx: RoutedContext, router: Router, operations: ReadonlySet<string>): string {
  // Run on every request: the routed case, by far the common one, allocates nothing. A request under /v1 is named
  // by the contract (recordRoute), which routes it; any other, by the router.
  const name =
    ctx.routerName ??
    (ctx.routerPath === undefined
      ? router.match(ctx.path, ctx.method).pathAndMethod.find((layer) => isOneOf(operations, layer.name))?.name
      : undefined);
  return isOneOf(operations, name) ? name : OTHER_OPERATION;
}

/** Whether a route's name is one of `operations`; the set itself says no to a route without one. */
function isOneOf(operations: ReadonlySet<string>, name: string | null | undefined): name is string {
  return (operations as ReadonlySet<unknown>).has(name);
}

/** The route template the router served a request by (`/v1/pets/:petId`); undefined when none did. */
export function routeOf(ctx: RoutedContext): string | undefined {
  return ctx.routerPath;
}

/**
 * Records what the contract found of a request under /v1, as the router records a route it ran: the operation
 * asked for, by its operationId (for a request refused before its operation ran, too), and the template of the
 * route that ran (`/v1/pets/:petId`), when one did.
 */
export function recordRoute(
  ctx: object,
  { operationId, route }: { operationId: string; route?: string | undefined },
): void {
  const routed = ctx as { routerName?: string; routerPath?: string };
  routed.routerName = operationId;
  if (route !== undefined) routed.routerPath = colonPattern(route);
}
