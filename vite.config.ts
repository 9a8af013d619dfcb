import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The mode of the build the browser tests, benchmark and screenshots use: the only one with test hooks. */
export const TEST_HOOKS_MODE = 'test-hooks';

/** The production build: one entry, games split into lazy chunks by the router. */
export default defineConfig(({ mode }) => ({
  plugins: [react()],
  // src/testHooks.d.ts: window hooks for tests exist in the test-hooks build alone, never in what players load.
  define: { __TEST_HOOKS__: JSON.stringify(mode === TEST_HOOKS_MODE) },
  build: {
    target: 'es2022',
    outDir: 'dist',
    assetsInlineLimit: 0,
    // dist/.vite/manifest.json: the chunk graph the benchmark weighs each route by (bench/sections/pageWeight.ts).
    manifest: true,
    // Libraries in three chunks rather than the ~25 the graph would give: a room page loads every one of them at once,
    // and HTTP/1.1's six connections per host queued them behind each other while two pages booted on two cores
    // (bench/analysis/pairedAB.ts: discovery -162 ms and reload -130 ms from navigation). React alone serves /login.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            {
              name: 'mui',
              test: /node_modules[\\/](@mui|@emotion|notistack|react-transition-group|@babel|clsx|prop-types|react-is|stylis|hoist-non-react-statics|@popperjs)[\\/]/,
              priority: 2,
            },
            {
              name: 'state',
              test: /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect|redux-thunk|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  worker: { format: 'es' },
  // `npm run dev` serves the app with hot reload; signalling and the runtime config come from the real server
  // (`node --import tsx signaling/main.ts`, port 8080 unless SIGNAL_PORT says otherwise).
  server: {
    proxy: {
      '/signal': { target: `ws://localhost:${process.env.SIGNAL_PORT ?? 8080}`, ws: true },
      '/config.json': `http://localhost:${process.env.SIGNAL_PORT ?? 8080}`,
    },
  },
}));
