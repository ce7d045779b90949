import { relative } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { workspaceSourceAliases } from './scripts/workspace-sources.js';

/**
 * The files that drive a browser or start built processes, slowest first. They are small files that
 * take seconds, so vitest, which starts the largest files first when it has no durations from an
 * earlier run (a fresh clone), would leave one of them to run alone at the end while the other worker
 * idles (measured: the browser test ran alone for the last 6 s of a 53 s run).
 */
const SLOW_FOLDERS = ['test/install/', 'test/browser/', 'test/docs/', 'test/fuzz/', 'test/app/'];

class SlowFoldersFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification): number => {
      const path = relative(this.ctx.config.root, file.moduleId);
      const folder = SLOW_FOLDERS.findIndex((slow) => path.startsWith(slow));
      return folder === -1 ? SLOW_FOLDERS.length : folder;
    };
    // A stable sort: within a rank, vitest's own order (its durations from an earlier run, or size).
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  resolve: { alias: workspaceSourceAliases() },
  test: {
    include: ['test/**/*.test.ts'],
    // Another project's tests, run against the packed package by test/install/library-consumer.test.ts.
    exclude: [...configDefaults.exclude, 'test/install/consumer/**'],
    environment: 'node',
    testTimeout: 20_000,
    // Set-up and clean-up install packages, start builds and remove folders of thousands of files: on a
    // machine whose cores are busy they were seen to take over vitest's default 10 s, a failure of nothing.
    hookTimeout: 60_000,
    // What a test waits for to happen (a log line, a span, a page's render) may come late on a busy machine:
    // a poll gives up after 15 s, not vitest's 1 s, and a passing poll ends as soon as it holds.
    expect: { poll: { timeout: 15_000 } },
    // Threads start faster than forks, and vitest's default of one worker fewer than the cores leaves a
    // 2-core machine running one file at a time (measured: 91 s forks x1, 73 s threads x1, 56 s threads x2).
    pool: 'threads',
    maxWorkers: 2,
    // A worker keeps the modules it loaded from one file to the next instead of importing them again
    // for each (measured: 58 s isolated, 43 s shared). Tests keep no state in modules: each file
    // composes its own app and storage.
    isolate: false,
    sequence: { sequencer: SlowFoldersFirst },
    // Finds a MongoDB once per run, or says in one line why the Mongo suites are skipped; makes the folder
    // the install tests pack the workspace into once.
    globalSetup: ['test/support/mongo-global-setup.ts', 'test/support/packs-global-setup.ts'],
  },
});
