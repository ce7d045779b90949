import { defineConfig } from 'vitest/config';

/** The HTTP kit against hosts broken on purpose, which must fail; broken-hosts.test.ts runs it. */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/testing/broken-hosts/*.kit.ts'],
    pool: 'threads',
    testTimeout: 20_000,
  },
});
