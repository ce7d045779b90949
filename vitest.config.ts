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
    // Finds a MongoDB once per run, or says in one line why the Mongo suites are skipped.
    globalSetup: ['test/support/mongo-global-setup.ts'],
  },
});
