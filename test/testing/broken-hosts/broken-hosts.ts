import type { FetchHandler } from '../../../adapters/http/fetch/fetch-handler.js';

/** A fetch handler broken on purpose in one way, around a sound one: what a host's author might get wrong. */
type Breakage = (sound: FetchHandler) => FetchHandler;

/** The answer with a header removed, or its status changed; its body and every other header kept. */
async function rewritten(response: Response, change: { without?: string; status?: number; body?: string }) {
  const headers = new Headers(response.headers);
  if (change.without !== undefined) headers.delete(change.without);
  const body = change.body ?? (await response.text());
  if (change.body !== undefined) headers.set('content-length', String(Buffer.byteLength(body)));
  return new Response(response.status === 204 ? null : body, { status: change.status ?? response.status, headers });
}

/** Each broken host, what it breaks, the rule that must catch it, and words the failure says. */
export const BROKEN_HOSTS: Record<string, { readonly breaks: Breakage; readonly rule: string; readonly says: string }> =
  {
    'A host that drops Link': {
      breaks: (sound) => async (request, context) => rewritten(await sound(request, context), { without: 'link' }),
      rule: 'pages in ascending id order with a Link to the next page that keeps limit and status, and none on the last',
      says: 'a full page (GET /v1/pets?limit=2&status=sold) must carry Link: <...>; rel="next"',
    },
    'A host that answers an unknown key with 400': {
      breaks: (sound) => async (request, context) => {
        const response = await sound(request, context);
        const unknownKey = response.status === 401 && request.headers.has('authorization');
        return unknownKey ? rewritten(response, { status: 400 }) : response;
      },
      rule: 'refuses an unknown or malformed key with 401 unauthorized and error="invalid_token"',
      says: 'GET /v1/pets with Authorization: Bearer not-a-key-of-this-host is answered 401',
    },
    'A host whose error bodies have no status': {
      breaks: (sound) => async (request, context) => {
        const response = await sound(request, context);
        if (response.status < 400) return response;
        const body = (await response.json()) as Record<string, unknown>;
        delete body.status;
        return rewritten(response, { body: JSON.stringify(body) });
      },
      rule: 'refuses a body without name or categoryId with 400 invalid_body naming each field in details',
      says: "the error body's status must be the response's status",
    },
    'A host that replays without Idempotent-Replayed': {
      breaks: (sound) => async (request, context) =>
        rewritten(await sound(request, context), { without: 'idempotent-replayed' }),
      rule: 'replays a create sent again with its Idempotency-Key and body: the first answer, Idempotent-Replayed, one pet',
      says: 'a replay says so: Idempotent-Replayed: true',
    },
    'A host that takes limit=0': {
      breaks: (sound) => (request, context) =>
        sound(new Request(request.url.replace(/([?&])limit=0(&|$)/, '$1limit=1$2'), request), context),
      rule: 'refuses a limit outside 1 to 100, or not in plain decimal digits, with 400 invalid_query naming limit',
      says: 'GET /v1/pets?limit=0 is answered 400',
    },
    'A host that creates without Location': {
      breaks: (sound) => async (request, context) => rewritten(await sound(request, context), { without: 'location' }),
      rule: 'creates a pet: 201, the pet with the id the service gave it, and Location its path',
      says: "a 201 carries Location: the new pet's path",
    },
    'A host that leaves Sunset off its errors': {
      breaks: (sound) => async (request, context) => {
        const response = await sound(request, context);
        return response.status >= 400 ? rewritten(response, { without: 'sunset' }) : response;
      },
      rule: 'answers an id no pet has with 404 not_found, still marked deprecated',
      says: 'an error of getPet carries its Sunset too',
    },
    'A host that types its answers without a body': {
      breaks: (sound) => async (request, context) => {
        const response = await sound(request, context);
        if (response.status !== 204) return response;
        const headers = new Headers(response.headers);
        headers.set('content-type', 'application/json');
        return new Response(null, { status: 204, headers });
      },
      rule: "answers OPTIONS on an operation's path with 204, no body and Allow naming its methods",
      says: 'a 204 has no body',
    },
    'A host without a rate limit': {
      breaks: (sound) => async (request, context) => {
        const response = await sound(request, context);
        return response.status === 429 ? rewritten(response, { status: 200, body: '[]' }) : response;
      },
      rule: 'admits a burst up to the limit, then refuses with 429 rate_limited, Retry-After and nothing remaining',
      says: 'a request past a burst of 40 is refused',
    },
  };
