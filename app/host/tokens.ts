import type { ResolutionContext } from 'inversify';
import type { Authenticator, StoragePorts } from '@petstore/core/ports.js';
import type { UseCases } from '@petstore/core/use-cases/use-cases.js';
import type { Draining } from '@petstore/http/server/draining.js';
import type { OpenedStorage } from '@petstore/settings/storage-adapter.js';

/** A service identifier that names the type bound to it, so that a binding and its look-ups agree. */
export type Token<T> = symbol & { readonly boundType?: T };
export const token = <T>(name: string): Token<T> => Symbol.for(name);

/** Every part the composition makes, and the type each stands for. */
export const TOKENS = {
  /** The storage as it opened: what the import restores into, and what is closed at shutdown. */
  OpenedStorage: token<OpenedStorage>('OpenedStorage'),
  /** The same ports as the use cases of requests and the export call them: measured, then traced, when those are on. */
  UseCaseStorage: token<StoragePorts>('UseCaseStorage'),
  /** Every use case (core/use-cases/use-cases.ts), each host taking those it calls by name. */
  UseCases: token<UseCases>('UseCases'),
  Authenticator: token<Authenticator>('Authenticator'),
  /** Begun when the service stops: /readyz responds 503 from then on. */
  Draining: token<Draining>('Draining'),
} as const;

/** The value bound to `token`, made on first use, typed as the token says. */
export function resolved<T>(context: Pick<ResolutionContext, 'getAsync'>, token: Token<T>): Promise<T> {
  return context.getAsync<T>(token);
}

/** The value bound to `token`, or undefined when the container holds no part for it. */
export function resolvedIfBound<T>(
  context: Pick<ResolutionContext, 'getAsync'>,
  token: Token<T>,
): Promise<T | undefined> {
  return context.getAsync<T>(token, { optional: true });
}
