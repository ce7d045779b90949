import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // Threads start faster than forks, and vitest's default of one worker fewer than the cores leaves a
    // 2-core machine running one file at a time (measured: 91 s forks x1, 73 s threads x1, 56 s threads x2).
    pool: 'threads',
    maxWorkers: 2,
    // A worker keeps the modules it loaded from one file to the next instead of importing them again
    // for each (measured: 58 s isolated, 43 s shared). Tests keep no state in modules: each file
    // composes its own app and storage.
    isolate: false,
    // Finds a MongoDB once per run, or says in one line why the Mongo suites are skipped.
    globalSetup: ['test/support/mongo-global-setup.ts'],
  },
});
