import type { ApiContract } from '../contract/api-contract.js';

/** What a runtime's server knows of a request beyond the request itself. */
export interface FetchContext {
  /** The peer's address (Deno: `info.remoteAddr.hostname`, Bun: `server.requestIP(request)?.address`). */
  readonly clientAddress?: string | undefined;
}

/** The whole API as one function from a Web-standard Request to a Response. */
export type FetchHandler = (request: Request, context?: FetchContext) => Promise<Response>;

/**
 * The contract bound to the Fetch API, which Node, Bun and Deno all speak: the request's target from its
 * URL, its headers as `Headers` gives them (a field sent twice joined with ", "), its body as a stream
 * read only when an operation takes one.
 */
export function fetchHandlerOf(contract: ApiContract): FetchHandler {
  return async function answerFetch(request, context) {
    const answer = await contract.handle({
      method: request.method,
      target: targetOf(request.url),
      header: (name) => request.headers.get(name) ?? undefined,
      clientAddress: context?.clientAddress ?? '',
      body: request.body,
    });
    return new Response(answer.body ?? null, { status: answer.status, headers: [...answer.headers] });
  };
}

/** `http://host:8080/v1/pets?limit=5` to `/v1/pets?limit=5`: a Request's URL is always absolute. */
function targetOf(url: string): string {
  const path = url.indexOf('/', url.indexOf('//') + 2);
  return path === -1 ? '/' : url.slice(path);
}
