import type { IncomingMessage } from 'node:http';

/** RFC 9110 §10.1.1: the one expectation defined, which the body reader meets when it starts. */
export function waitsForContinue({ headers }: IncomingMessage): boolean {
  return headers.expect?.toLowerCase() === '100-continue';
}
