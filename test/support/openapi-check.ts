import { expect } from 'vitest';
import { OpenApiResponseValidator, type ObservedResponse } from './openapi-validator.js';

const validators = new Map<string, OpenApiResponseValidator>();

/** The validator for the document a server publishes, compiled once per distinct document. */
async function validatorOf(origin: string): Promise<OpenApiResponseValidator> {
  const text = await (await fetch(`${origin}/openapi.json`)).text();
  let validator = validators.get(text);
  if (validator === undefined) {
    validator = new OpenApiResponseValidator(
      JSON.parse(text) as ConstructorParameters<typeof OpenApiResponseValidator>[0],
    );
    validators.set(text, validator);
  }
  return validator;
}

/** Fails the test when the server's answer is not one its own OpenAPI document describes. */
export async function expectDocumented(origin: string, response: ObservedResponse): Promise<void> {
  const problems = (await validatorOf(origin)).problems(response);
  expect(
    problems,
    `${response.method} ${response.path} answered ${response.status}, which the OpenAPI document does not describe`,
  ).toEqual([]);
}

/** fetch, then the same check on what came back; the caller still reads the body as usual. */
export async function fetchDocumented(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, init);
  const { origin, pathname, search } = new URL(url);
  const text = await response.clone().text();
  await expectDocumented(origin, {
    method: (init.method ?? 'GET').toUpperCase(),
    path: `${pathname}${search}`,
    status: response.status,
    header: (name) => response.headers.get(name) ?? undefined,
    text,
  });
  return response;
}
