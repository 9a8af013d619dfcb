import { defineConfig } from 'vitest/config';

/** Unit, property and integration tests run in Node; browser tests live in test/e2e and run through scripts/e2e.mjs. */
export default defineConfig({
  // The Node tests reach the same test hooks as the browser tests' build (src/testHooks.d.ts).
  define: { __TEST_HOOKS__: 'true' },
  test: {
    include: ['test/{unit,property,integration}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    pool: 'forks',
  },
});
