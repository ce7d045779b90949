import { expect } from 'vitest';
import type { SeenResponse } from './http-document.js';

/**
 * A host of the API under test, started afresh for each rule: empty, with one key it accepts and the
 * rate limit it was started with. The kit reaches it over HTTP only.
 */
export interface HttpHost {
  /** Its root, such as `http://127.0.0.1:8080`: the API under `/v1`, the probes and the document beside it. */
  readonly baseUrl: string;
  /** A key the host accepts, sent as `Authorization: Bearer <apiKey>`. */
  readonly apiKey: string;
  /**
   * Its RATE_LIMIT: requests a key (or an address, without a valid key) may make in a burst, and in each
   * RATE_LIMIT_WINDOW, which must be a minute or more. From 20 to 500, so that the rules stay quick.
   */
  readonly rateLimit: number;
  /**
   * Takes the host's storage away until `restore`, so that every storage call fails as an outage does.
   * Optional: without it, the rules of 503 are skipped, saying so.
   */
  storageOutage?(): Promise<{ restore(): Promise<void> }>;
  /**
   * Leaves the host's storage no pet id to hand out (a repository's `reserveIds(PET_ID_MAX)` does it), as a
   * catalogue at the end of its id space. Optional: without it, the rule of 507 is skipped, saying so.
   */
  exhaustIds?(): Promise<void>;
  /** Stops the host and lets go of whatever it holds. */
  close(): Promise<void>;
}

/** What a rule learns of one answer: its status, its headers, and its body as text and as JSON. */
export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly json: unknown;
}

export interface RequestOptions {
  readonly method?: string;
  /** Headers beside the key's; `authorization: null` sends no key, any other value replaces it. */
  readonly headers?: Readonly<Record<string, string | null>>;
  /** A body: an object is sent as JSON, with `Content-Type: application/json`; a string as it is. */
  readonly body?: object | string | undefined;
}

/** Sends requests to a host as its clients do: with the host's key unless a rule says otherwise. */
export class HostClient {
  constructor(readonly host: HttpHost) {}

  async send(target: string, { method = 'GET', headers = {}, body }: RequestOptions = {}): Promise<Answer> {
    const sent = new Headers({ authorization: `Bearer ${this.host.apiKey}` });
    if (typeof body === 'object') sent.set('content-type', 'application/json');
    for (const [name, value] of Object.entries(headers)) {
      if (value === null) sent.delete(name);
      else sent.set(name, value);
    }
    const init: RequestInit = { method, headers: sent };
    if (body !== undefined) init.body = typeof body === 'object' ? JSON.stringify(body) : body;
    const response = await fetch(`${this.host.baseUrl}${target}`, init);
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: parsed(text) };
  }

  /** Adds a pet through the API, expecting its 201, and gives it back as stored. */
  async create(pet: object = { name: 'Rex', categoryId: 1 }): Promise<{ id: number } & Record<string, unknown>> {
    const answer = await this.send('/v1/pets', { method: 'POST', body: pet });
    expect(answer.status, `POST /v1/pets with ${JSON.stringify(pet)} must create the pet: ${answer.text}`).toBe(201);
    return answer.json as { id: number };
  }
}

/** An answer as the document's rules read a response. */
export function seen(answer: Answer): SeenResponse {
  return { status: answer.status, header: (name) => answer.headers.get(name) ?? undefined, text: answer.text };
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The error body every error of the API carries: `{code, message, status}`, `status` the response's own,
 * and `details` only when it names fields. Gives the code.
 */
export function expectError(answer: Answer, status: number, code: string, what: string): void {
  const said = `${what}: answered ${answer.status} ${answer.text}`;
  expect(answer.status, `${what} is answered ${status}: ${answer.text}`).toBe(status);
  expect(answer.headers.get('content-type') ?? '(absent)', `${what}: an error is JSON`).toMatch(/^application\/json/);
  const body = answer.json as Record<string, unknown> | undefined;
  expect(body, `${what}: an error body is a JSON object`).toBeTypeOf('object');
  const { code: sentCode, message, status: sentStatus, details, ...others } = body ?? {};
  expect(sentStatus, `${said}; the error body's status must be the response's status`).toBe(status);
  expect(sentCode, `${said}; the error body's code`).toBe(code);
  expect(typeof message === 'string' && message !== '', `${said}; the error body carries a message`).toBe(true);
  expect(Object.keys(others), `${said}; an error body holds code, message, status and details, no more`).toEqual([]);
  if (details !== undefined) expect(Array.isArray(details), `${said}; details is a list`).toBe(true);
}

/** The fields `details` names, in its order. */
export function detailPaths(answer: Answer): string[] {
  const { details } = answer.json as { details?: { path: string }[] };
  return (details ?? []).map(({ path }) => path);
}
