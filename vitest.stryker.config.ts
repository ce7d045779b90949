import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * A mutant's run stops at its first failing test, so the files most likely to fail cheaply go first:
 * the file that failed last (the mutants of one source file are tested one after another), then the
 * fastest. Vitest's default order runs the slowest first, which suits a full run, not a bail.
 */
class CheapestKillFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cost = (file: TestSpecification): [number, number] => {
      const key = `${file.project.name}:${file.moduleId.slice(this.ctx.config.root.length + 1)}`;
      const results = this.ctx.cache.getFileTestResults(key);
      return [results?.failed ? 0 : 1, results?.duration ?? Number.MAX_SAFE_INTEGER];
    };
    return Promise.resolve(
      [...files].sort((a, b) => {
        const [failedA, durationA] = cost(a);
        const [failedB, durationB] = cost(b);
        return failedA - failedB || durationA - durationB;
      }),
    );
  }
}

/**
 * Mutation runs leave out the headless-browser test: it checks Swagger UI's rendering, which no
 * mutant of ours can change that the docs-route tests would not catch, and costs seconds a run.
 * The fuzz test drives the service in a process of its own, where no mutant is ever active; so
 * do the tests of the built `petstore` command (test/app/petstore-command.test.ts and
 * test/app/import-on-a-terminal.test.ts), which run dist/, never the sandbox's mutants,
 * and those of several built processes sharing one SQLite file (test/app/sqlite-shared.test.ts),
 * killed amid creates (test/app/sqlite-kill.test.ts), restored into while serving creates
 * (test/app/restore-beside-creates.test.ts), serving while another holds the lock
 * (test/app/sqlite-lock-wait.test.ts, whose latencies mean nothing beside a mutation run's load) or exporting
 * traces (test/app/tracing/), of
 * the installed package and the container recipe (test/install/), of what petstore/http loads
 * (test/app/http-entry.test.ts), of the deployment files run by
 * nginx, promtool and systemd-analyze (test/deploy/), of the README's examples and
 * the Markdown lint (test/docs/), the contract kit's run against storages broken on purpose
 * (test/testing/broken-storages.test.ts) and the HTTP kit's against hosts broken on purpose
 * (test/testing/broken-hosts.test.ts), each in a vitest of its own, and the mock Prism serves from the document
 * (test/adapters/http/openapi/prism-mock.test.ts), made before any test and read in Prism's own process.
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [
        'test/browser/**',
        'test/fuzz/**',
        'test/app/petstore-command.test.ts',
        'test/app/import-on-a-terminal.test.ts',
        'test/install/**',
        'test/deploy/**',
        'test/docs/**',
        'test/app/sqlite-shared.test.ts',
        'test/app/sqlite-kill.test.ts',
        'test/app/sqlite-lock-wait.test.ts',
        'test/app/restore-beside-creates.test.ts',
        'test/testing/broken-storages.test.ts',
        'test/testing/broken-hosts.test.ts',
        'test/app/http-entry.test.ts',
        'test/adapters/http/openapi/prism-mock.test.ts',
        'test/app/tracing/traces-exported.test.ts',
        'test/app/tracing/command-traces.test.ts',
        'test/app/tracing/sdk-loading.test.ts',
        'node_modules/**',
      ],
      sequence: { sequencer: CheapestKillFirst },
      // A mutant that hangs a request then fails its test here, as a kill, before Stryker's own
      // timeout (5 s and more) would restart the whole test runner; no test needs this long unmutated.
      testTimeout: 4_000,
      hookTimeout: 4_000,
      setupFiles: ['test/support/run-once-per-process.ts'],
    },
  }),
);
