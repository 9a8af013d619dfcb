import { defineConfig } from 'vitest/config';

/** Unit, property and integration tests run in Node; browser tests live in test/e2e and run through scripts/e2e.mjs. */
export default defineConfig({
  test: {
    include: ['test/{unit,property,integration}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    pool: 'forks',
  },
});
