import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The SPA build: `npm run build` writes web/dist, which the web bucket (and the local server)
 * serves with an index.html fallback. Runtime settings come from /config.json, never from this file.
 *
 * `vite --config web/vite.config.ts` serves the SPA for development; set PORTAL_BACKEND to the local
 * stack's origin (printed by `npm start`) to proxy /api, /config.json and the bucket paths to it.
 */
const backend = process.env.PORTAL_BACKEND;

export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for debugging, not referenced from the bundles the browser loads.
    sourcemap: 'hidden',
    // .vite/manifest.json lets web/scripts/bundle-size.ts measure what the sign-in route loads.
    manifest: true,
    // The sign-in route's JavaScript has a budget (150 KB gzip); a warning here is a hint, `npm run bench` measures.
    chunkSizeWarningLimit: 600,
  },
  server: backend
    ? {
        proxy: {
          '/api': backend,
          '/config.json': backend,
          '/data': backend,
          '/downloads': backend,
          '/attachments': backend,
          '/umdata': backend,
          // The local checkout sandbox (its script, catalogue and orders).
          '/local/checkout': backend,
        },
      }
    : undefined,
});
