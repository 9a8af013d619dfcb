import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The production build: one entry, games split into lazy chunks by the router. */
export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    outDir: 'dist',
    assetsInlineLimit: 0,
    // dist/.vite/manifest.json: the chunk graph the benchmark weighs each route by (bench/sections/pageWeight.ts).
    manifest: true,
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
});
