/**
 * A route of the contract: a method at a path under the service's root (`/v1/pets/{petId}`), in
 * OpenAPI's template syntax, each template segment matching one whole segment of a request's path.
 */
export interface ContractRoute<Handler> {
  readonly method: string;
  readonly path: string;
  readonly handler: Handler;
}

/** What a request's method and path find among the routes. */
export type RouteMatch<Handler> =
  | { readonly kind: 'route'; readonly route: ContractRoute<Handler>; readonly params: Record<string, string> }
  | { readonly kind: 'options'; readonly allow: string }
  | { readonly kind: 'method not allowed'; readonly allow: string }
  | { readonly kind: 'no route' };

interface CompiledRoute<Handler> {
  readonly route: ContractRoute<Handler>;
  /** A literal segment, or the name of a parameter. */
  readonly segments: readonly { readonly literal?: string; readonly parameter?: string }[];
}

/**
 * The contract's router: case-sensitive and strict, as every host's must be (`/V1/PETS` and
 * `/v1/pets/` are not `/v1/pets`). A GET route answers HEAD too; a path whose routes do not answer
 * the method gets the methods they do, in the order they were listed, as `Allow` names them.
 */
export function contractRouter<Handler>(routes: readonly ContractRoute<Handler>[]) {
  const compiled: CompiledRoute<Handler>[] = routes.map((route) => ({
    route,
    segments: route.path
      .split('/')
      .slice(1)
      .map((segment) => {
        const parameter = /^\{([^}]+)\}$/.exec(segment)?.[1];
        return parameter === undefined ? { literal: segment } : { parameter };
      }),
  }));

  return function match(method: string, path: string): RouteMatch<Handler> {
    const segments = path.split('/').slice(1);
    const atPath: { route: ContractRoute<Handler>; params: Record<string, string> }[] = [];
    for (const candidate of compiled) {
      const params = paramsOf(candidate, segments);
      if (params !== undefined) atPath.push({ route: candidate.route, params });
    }
    if (atPath.length === 0) return { kind: 'no route' };
    const answering = atPath.find(
      ({ route }) => route.method === method || (method === 'HEAD' && route.method === 'GET'),
    );
    if (answering !== undefined) return { kind: 'route', ...answering };
    const allow = [
      ...new Set(atPath.flatMap(({ route }) => (route.method === 'GET' ? ['HEAD', 'GET'] : [route.method]))),
    ];
    return method === 'OPTIONS'
      ? { kind: 'options', allow: allow.join(', ') }
      : { kind: 'method not allowed', allow: allow.join(', ') };
  };
}

function paramsOf<Handler>(
  { segments }: CompiledRoute<Handler>,
  requested: readonly string[],
): Record<string, string> | undefined {
  if (segments.length !== requested.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, { literal, parameter }] of segments.entries()) {
    const segment = requested[index] as string;
    if (parameter !== undefined) {
      if (segment === '') return undefined;
      params[parameter] = segment;
    } else if (segment !== literal) return undefined;
  }
  return params;
}
