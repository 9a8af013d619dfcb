import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import { UNUSED_WASM_SECTIONS, withoutCustomSections } from './scripts/wasmSections';

/** The mode of the build the browser tests, benchmark and screenshots use: the only one with test hooks. */
export const TEST_HOOKS_MODE = 'test-hooks';

/**
 * The installed app (vite-plugin-pwa): the web app manifest, and /sw.js precaching every file of the build (Automerge's
 * wasm, 2.9 MB, included), so a second visit starts without network and opens the room from IndexedDB. Navigations
 * fall back to index.html but for the server's own endpoints; /config.json goes to the network first and is kept a
 * day for a start offline; the signalling WebSocket never passes through a service worker. src/app/serviceWorker.ts
 * registers it once the room has shown.
 */
const installable = VitePWA({
  injectRegister: false,
  // The icons are among the files precached by the patterns below.
  includeManifestIcons: false,
  registerType: 'autoUpdate',
  manifest: {
    name: 'Game Room',
    short_name: 'Game Room',
    description:
      'Play Okey, Backgammon, Go, TicTacToe and a block builder with friends, straight from the browser.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: '#f3f1ea',
    theme_color: '#1f5f4a',
    // scripts/makeIcons.ts draws them from the tab icon.
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{html,js,css,wasm,png,wav}'],
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    // A new build takes over at once, and the page that registered it: peers in a room should run one version.
    skipWaiting: true,
    clientsClaim: true,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/(config\.json|healthz|metrics|signal|beacon)(\/|$)/],
    runtimeCaching: [
      {
        urlPattern: ({ url }) => url.pathname === '/config.json',
        handler: 'NetworkFirst',
        options: { cacheName: 'runtime-config', expiration: { maxEntries: 1, maxAgeSeconds: 24 * 60 * 60 } },
      },
    ],
  },
});

/**
 * V8's explicit compile hint on every chunk: its functions are compiled while it streams in, off the main thread,
 * rather than one by one on the main thread at their first call. A room's first render calls most of what its chunks
 * hold (Go -> the joining page's board 92 -> 69 ms, bench `reference`); three.js, of which Minecraft calls a part,
 * compiles as it is called. The comment must open the file, so it is written last, after Vite's own preamble.
 */
const compileHints = (): Plugin => ({
  name: 'game-room:compile-hints',
  enforce: 'post',
  generateBundle: {
    order: 'post',
    handler(_, bundle) {
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && !chunk.moduleIds.some((id) => /node_modules[\\/]three[\\/]/.test(id)))
          chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
    },
  },
});

/**
 * Automerge's wasm without the sections nothing runs (scripts/wasmSections.ts): its functions' names are 687 KB of its
 * 3.6 MB, 51 KB of a first visit's transfer once compressed with brotli. The file keeps its name: the hash Vite gave
 * it still names one content, as the stripped bytes follow from the original ones alone.
 */
const leanWasm = (): Plugin => ({
  name: 'game-room:lean-wasm',
  enforce: 'post',
  generateBundle(_, bundle) {
    for (const file of Object.values(bundle))
      if (file.type === 'asset' && file.fileName.endsWith('.wasm') && typeof file.source !== 'string')
        file.source = withoutCustomSections(new Uint8Array(file.source), UNUSED_WASM_SECTIONS);
  },
});

/** The production build: one entry, games split into lazy chunks by the router. */
export default defineConfig(({ mode }) => ({
  plugins: [react(), installable, compileHints(), leanWasm()],
  // src/testHooks.d.ts: window hooks for tests exist in the test-hooks build alone, never in what players load.
  define: {
    __TEST_HOOKS__: JSON.stringify(mode === TEST_HOOKS_MODE),
    __BUILD_ID__: JSON.stringify(`${mode}-${Date.now().toString(36)}`),
  },
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
      '/beacon': `http://localhost:${process.env.SIGNAL_PORT ?? 8080}`,
    },
  },
}));
