import { StaticKeyAuthenticator } from '@petstore/auth/static-key-authenticator.js';
import { createApiContract, type ApiContract } from '@petstore/http/contract/api-contract.js';
import { jsonTextAccessLog } from '@petstore/http/logs/access-line.js';
import { accessEntryOf } from '@petstore/http/logs/request-log.js';
import { apiServers } from '@petstore/http/openapi/servers.js';
import { Draining } from '@petstore/http/server/draining.js';
import { composeService, logGeneratedKey } from './compose-service.js';
import { readHostOptions, type HostOptions } from './host-options.js';
import { TOKENS, resolved } from './tokens.js';
import { ConfigError } from '@petstore/settings/config-error.js';

/** The API's contract over the storage the settings name, for a host whose own server receives the requests. */
export interface HostedContract {
  readonly contract: ApiContract;
  /** The key made up for this run when the settings give none (outside production); else undefined. */
  readonly apiKey: string | undefined;
  /** Readiness answers 503 from now on, so that a load balancer sends traffic elsewhere: call it as the host stops. */
  drain(): void;
  /** Closes the storage, once the host's server has answered its last request. */
  close(): Promise<void>;
}

/**
 * The contract made as `startService` makes the Koa app, from the same options: the settings read and
 * checked (a bad one rejects with a ConfigError naming it), the storage opened, the keys, the rate limit,
 * CORS and the access line; but no server, no web framework, and no metrics or traces of its own
 * (`onAnswered` of `createApiContract` is where a host counts requests).
 */
export async function openHostedContract(options: HostOptions = {}): Promise<HostedContract> {
  const { config, logger } = readHostOptions(options);
  if (config.rateLimitStore !== undefined)
    throw new ConfigError(
      "RATE_LIMIT_STORE is read by the petstore service only; another host shares a limit through createApiContract's rateLimit",
    );
  const { container, keys } = await composeService({ config, logger });
  const draining = new Draining();
  const accessLog = jsonTextAccessLog(logger);
  const contract = createApiContract({
    useCases: await resolved(container, TOKENS.UseCases),
    authenticator: new StaticKeyAuthenticator(keys),
    storage: (await resolved(container, TOKENS.UseCaseStorage)).pets,
    draining,
    bodyLimitBytes: config.bodyLimitBytes,
    servers: apiServers(config),
    corsOrigins: config.corsOrigins,
    rateLimit: config.rateLimit,
    logger,
    onAnswered: ({ requestId, method, path, status, client, durationMs }, request) => {
      accessLog(
        accessEntryOf({
          requestId,
          traceIds: undefined,
          clientAddress: request.clientAddress,
          client,
          method,
          path,
          status,
          elapsedMs: durationMs,
          aborted: false,
          userAgent: request.header('user-agent'),
        }),
      );
    },
  });
  logGeneratedKey(logger, keys);
  let closed: Promise<void> | undefined;
  return {
    contract,
    apiKey: keys.generatedKey,
    drain: () => {
      draining.begin();
    },
    close: () => (closed ??= container.unbindAllAsync()),
  };
}
