import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The production build: one entry, games split into lazy chunks by the router. */
export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    outDir: 'dist',
    assetsInlineLimit: 0,
  },
  worker: { format: 'es' },
});
