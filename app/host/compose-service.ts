import type { Container } from 'inversify';
import type { Logger } from 'pino';
import { resolveApiKeys, type ApiKeys } from '@petstore/auth/api-keys.js';
import type { OpenedStorage } from '@petstore/settings/storage-adapter.js';
import { explainedOpenFailure } from '@petstore/settings/storage-open-failure.js';
import { createContainer, type Composition, type ModuleOf } from './container.js';
import { TOKENS, resolved } from './tokens.js';

/** The service composed: its parts, the keys it accepts, and its storage, open. */
export interface ComposedService {
  readonly container: Container;
  readonly keys: ApiKeys;
  readonly storage: OpenedStorage;
}

/**
 * The start-up steps after the settings and the logger, written once: the keys resolved (the host's own,
 * when it gives them), the parts composed, the storage opened, so that a failure to open is told apart and
 * explained. A storage that fails to open leaves nothing bound.
 */
export async function composeService({
  config,
  logger,
  keys = resolveApiKeys(config),
  readOnly,
  layers,
  modules,
}: Omit<Composition, 'keys'> & {
  keys?: ApiKeys | undefined;
  /** What the host adds to the use cases (the service's HTTP apps); unset: nothing. */
  modules?: readonly ModuleOf[];
}): Promise<ComposedService> {
  const container = await createContainer({ config, logger, keys, readOnly, layers }, modules);
  try {
    return { container, keys, storage: await resolved(container, TOKENS.OpenedStorage) };
  } catch (error) {
    await container.unbindAllAsync().catch(() => undefined);
    throw explainedOpenFailure(error, config.storage.adapter);
  }
}

/**
 * The key made up for this run, if one was, in the log: the one place a key is ever printed, once start-up
 * has succeeded. A development convenience, refused in production.
 */
export function logGeneratedKey(logger: Logger, { generatedKey }: ApiKeys): void {
  if (generatedKey === undefined) return;
  logger.warn(
    { apiKey: generatedKey },
    'No API_KEYS or API_KEY_DIGESTS set: generated a development API key for this run; send it as "Authorization: ' +
      'Bearer <apiKey>"',
  );
}
