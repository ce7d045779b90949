import { defineConfig } from 'vitest/config';

/** The kit against the deliberately wrong variant, which must fail; test/wrong-variant.test.ts runs it. */
export default defineConfig({
  test: {
    include: ['wrong/**/*.kit.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
