import { defineConfig } from 'vitest/config';

/** The kit against storages broken on purpose, which must fail; broken-storages.test.ts runs it. */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/testing/broken-storages/*.kit.ts'],
    pool: 'threads',
    testTimeout: 20_000,
  },
});
