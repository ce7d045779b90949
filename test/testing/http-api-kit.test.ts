import { afterAll, beforeAll, describe, it } from 'vitest';
import { describeHttpApiContract } from '../../testing/index.js';
import {
  fetchHandlerHost,
  OTHER_RUNTIMES,
  runtimeBinary,
  runtimeHost,
  serviceHost,
  sqliteServiceHost,
  type OtherRuntime,
} from '../support/http-kit-hosts.js';
import { withUnflagPet } from '../support/no-content-operation.js';
import type { LoadedWithOperations } from '../support/operations-added.js';

describeHttpApiContract('The service on memory', () => serviceHost({ STORAGE: 'memory' }));
describeHttpApiContract("The service on a host's own repository", () => serviceHost());
describeHttpApiContract('The service on SQLite', sqliteServiceHost);
describeHttpApiContract('The fetch handler under Node', fetchHandlerHost);

for (const runtime of Object.keys(OTHER_RUNTIMES) as OtherRuntime[]) {
  const binary = runtimeBinary(runtime);
  if ('path' in binary) {
    describeHttpApiContract(`The fetch handler under ${runtime}`, () => runtimeHost(runtime, binary.path));
    describeHttpApiContract(`The fetch handler under ${runtime}, on SQLite`, () =>
      runtimeHost(runtime, binary.path, 'sqlite'),
    );
  } else if (process.env.REQUIRE_RUNTIMES === '1') {
    // CI installs both: there, a missing runtime fails rather than skips.
    describe(`The fetch handler under ${runtime}`, () => {
      it('runs, as REQUIRE_RUNTIMES=1 demands', () => {
        throw new Error(binary.missing);
      });
    });
  } else {
    describe.skip(`The fetch handler under ${runtime}: skipped, ${binary.missing}`, () => {
      it('honours the HTTP API contract', () => undefined);
    });
  }
}

// Last in the file: the hosts below are of modules loaded afresh, which the ones above must not meet.
describe('With an operation whose success has no body added to the API', () => {
  let loaded: LoadedWithOperations<typeof import('../support/http-kit-hosts.js')> | undefined;
  const hosts = () => {
    if (loaded === undefined) throw new Error('the hosts with the added operation were not loaded');
    return loaded.module;
  };
  beforeAll(async () => {
    loaded = await withUnflagPet(() => import('../support/http-kit-hosts.js'));
  });
  afterAll(() => loaded?.release());

  describeHttpApiContract('The service on memory', () => hosts().serviceHost({ STORAGE: 'memory' }));
  describeHttpApiContract('The fetch handler under Node', () => hosts().fetchHandlerHost());
});
