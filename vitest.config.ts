import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // Finds a MongoDB once per run, or says in one line why the Mongo suites are skipped.
    globalSetup: ['test/support/mongo-global-setup.ts'],
  },
});
