import { defineConfig } from 'vitest/config';

/**
 * Files that read module state before anything else sets it (a link before its deflate streams load): each runs in a
 * fresh module graph of its own.
 */
const FRESH_MODULES = ['test/unit/sync/PeerLink.test.ts'];

/**
 * Unit, property and integration tests run in Node; browser tests live in test/e2e and run through scripts/e2e.mjs.
 * The others share a module graph per worker (isolate: false): loading Automerge, the curves and the rules once per
 * worker instead of once per file halves the run. A test that leaves global state behind (fake timers, stubbed
 * globals) restores it in its own afterEach.
 */
/**
 * automerge-repo's DocSynchronizer awaits a document a peer said it has (`beginSync`) without catching the 60 s
 * timeout when that peer goes first: a test that closes its repos mid-sync leaves such a wait behind, and with workers
 * shared across files (isolate: false) it rejects 60 s later in whichever file runs then, where nothing can catch it.
 * Only that rejection, from the library's own helper, is let pass; every other unhandled error fails the run.
 */
const isAutomergeRepoSyncTimeout = (error: { name?: string; message?: string; stack?: string }): boolean =>
  error.name === 'TimeoutError' &&
  error.message === 'withTimeout: timed out after 60000ms' &&
  (error.stack ?? '').includes('automerge-repo/dist/helpers/withTimeout.js');

export default defineConfig({
  // The Node tests reach the same test hooks as the browser tests' build (src/testHooks.d.ts).
  define: { __TEST_HOOKS__: 'true', __BUILD_ID__: '"test"' },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    pool: 'forks',
    onUnhandledError: (error) => !isAutomergeRepoSyncTimeout(error),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['test/{unit,property,integration}/**/*.test.{ts,tsx}'],
          exclude: FRESH_MODULES,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'fresh', include: FRESH_MODULES } },
    ],
  },
});
