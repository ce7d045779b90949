import { afterEach, beforeEach, describe } from 'vitest';
import { HostClient, type HttpHost } from './http-host.js';
import { itAnswersCreatesAndReads } from './http-operations.rules.js';
import { itAnswersPathsMethodsAndKeys } from './http-requests.rules.js';
import { itLimitsRatesAndReplays } from './http-limits.rules.js';

/**
 * What every host of the API must answer, over HTTP, as the reference and the OpenAPI document describe
 * it: the service itself, the fetch handler under each runtime, a host built on another framework. Each
 * rule is one named test, run against a fresh, empty host that the fixture starts (and closes after it).
 * What only a server owning its sockets decides (the parser's refusals, timeouts) is not the kit's.
 */
export function describeHttpApiContract(name: string, startHost: () => Promise<HttpHost>): void {
  describe(`${name} honours the HTTP API contract`, () => {
    let host: HttpHost | undefined;
    let client: HostClient | undefined;

    beforeEach(async () => {
      host = await startHost();
      if (!(host.rateLimit >= 20 && host.rateLimit <= 500)) {
        throw new Error(`the fixture's host has a rate limit of ${host.rateLimit}: the kit needs one from 20 to 500`);
      }
      client = new HostClient(host);
    });
    afterEach(async () => {
      await host?.close();
      host = undefined;
    });

    const clientOf = (): HostClient => {
      if (client === undefined) throw new Error('no host: the fixture did not start one');
      return client;
    };
    itAnswersPathsMethodsAndKeys(clientOf);
    itAnswersCreatesAndReads(clientOf);
    itLimitsRatesAndReplays(clientOf);
  });
}
