import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { VitePWA } from 'vite-plugin-pwa';
import { appChunks } from './build-tools/app-chunks';
import { createBuildInfo, portalBuildPlugin } from './build-tools/portal-build-plugin';
import { precompressPlugin } from './build-tools/precompress-plugin';
import { serviceWorkerOptions } from './build-tools/service-worker';

const build = createBuildInfo();
const appChunk = appChunks();
/** Where `npm run dev` / `vite preview` send portal and backend calls: the real server. */
const portalUrl = process.env.PORTAL_URL ?? 'http://localhost:8080';
const proxy = Object.fromEntries(['/api', '/backend', '/builds', '/_payload'].map((path) => [path, { target: portalUrl, changeOrigin: false }]));

export default defineConfig(({ command }) => ({
  // The service worker (install as an app, offline shell: build-tools/service-worker.ts) before the twins are written.
  plugins: [react(), tailwindcss(), portalBuildPlugin(build), VitePWA(serviceWorkerOptions), precompressPlugin()],
  define: { __BUILD_ID__: JSON.stringify(build.id) },
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // React Router's package exports point every bundler at its development build, which differs
      // from the production one only in ENABLE_DEV_WARNINGS; the build takes the production one
      // (its warnings' code drops out), the dev server and Vitest keep the warnings.
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }] : []),
    ],
  },
  // The server puts each page's CSP nonce wherever this placeholder stands (docs/security.md):
  // Vite's script and link tags, and <meta property="csp-nonce"> for the ones added later.
  html: { cspNonce: '__PORTAL_CSP_NONCE__' },
  server: { proxy },
  preview: { proxy },
  build: {
    target: 'es2022',
    // Every browser the es2022 target reaches has <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    sourcemap: true,
    commonjsOptions: { strictRequires: false },
    rollupOptions: {
      output: {
        // Long-lived vendor chunks: an app deploy does not invalidate them.
        // The app's own code: the entry's, the commerce group and what it shares (build-tools/app-chunks.ts).
        manualChunks(id, meta) {
          // Vite's helper for dynamic imports, which the entry imports statically: alone, so that the
          // entry does not evaluate the app's start-up chunk with it (src/main.tsx).
          if (id.includes('vite/preload-helper')) return 'preload-helper';
          if (!id.includes('node_modules')) return appChunk(id, meta);
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'vendor-react';
          if (id.includes('node_modules/react-router')) return 'vendor-router';
          if (/node_modules\/(i18next|react-i18next)\//.test(id)) return 'vendor-i18n';
          // Dialogs and menus load on first use (issue 14), and with them Radix and its helpers.
          if (/node_modules\/(@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|aria-hidden|use-sidecar|use-callback-ref|tslib|detect-node-es)\//.test(id)) return 'vendor-radix';
          // Only the forms in dialogs and account pages use it: loaded with them, not on every first paint.
          if (id.includes('node_modules/react-hook-form')) return 'vendor-forms';
          // Loaded by the video player's dynamic import only, never with the first page.
          if (id.includes('node_modules/hls.js')) return 'vendor-hls';
          // Loaded by the music player's dynamic import on first play (issue 13: the mini player adds ≤ 25 KB gzip).
          if (id.includes('node_modules/howler')) return 'vendor-howler';
          return 'vendor';
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/__tests__/**/*.test.{ts,tsx}', 'build-tools/**/__tests__/**/*.test.ts'],
    restoreMocks: true,
  },
}));
