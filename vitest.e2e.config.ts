import { defineConfig } from 'vitest/config';

/** Browser tests: real Chromium pages against the real server, one browser per file, three files at a time. */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 3,
    globalSetup: ['test/e2e/globalSetup.ts'],
    // Peers meet over real WebRTC: give polled expectations time to see a remote change.
    expect: { poll: { timeout: 15_000, interval: 50 } },
  },
});
