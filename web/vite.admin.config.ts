/**
 * The operators' console (issue 32, DESIGN.md "The console"): a bundle of its own, built after the
 * storefront's into dist/admin/ and served under /admin/ (server/src/app/portal_face.cpp). The
 * storefront's scripts, service worker and budgets do not change: nothing of src/admin is imported
 * by the storefront (lint), and the storefront's Tailwind sources leave src/admin out.
 */
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Connect, type Plugin } from 'vite';
import { createBuildInfo } from './build-tools/portal-build-plugin';
import { precompressPlugin } from './build-tools/precompress-plugin';

const portalUrl = process.env.PORTAL_URL ?? 'http://localhost:8080';
// The hosted sign-in page is the portal's too.
const proxy = Object.fromEntries(['/api', '/backend', '/admin/login', '/media'].map((path) => [path, { target: portalUrl, changeOrigin: false }]));

/** `npm run dev:admin` and `vite preview`: every console page is admin.html, as the portal answers it. */
function consoleFallback(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const page = path === '/admin' || path.startsWith('/admin/');
    const other = path.startsWith('/admin/login') || /^\/admin\/(@|src\/|node_modules\/)/.test(path) || /\.[a-z0-9]+$/i.test(path);
    if (page && !other) req.url = '/admin/admin.html';
    next();
  };
  return {
    name: 'portal-console-fallback',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

export default defineConfig({
  base: '/admin/',
  // The storefront's public files (favicon, offline page) are served from the root already.
  publicDir: false,
  plugins: [react(), tailwindcss(), precompressPlugin(), consoleFallback()],
  // The shared config (src/config/env.ts) names the build; the console's is its own.
  define: { __BUILD_ID__: JSON.stringify(createBuildInfo().id) },
  resolve: { alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }] },
  // The server puts the answer's CSP nonce wherever this placeholder stands, as for the storefront.
  html: { cspNonce: '__PORTAL_CSP_NONCE__' },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist/admin',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    // Maps beside the build (web/dist) for the dev stage and the package's separate artefact, named by no script:
    // the package and the image leave them out, and only the dev stage serves them (issue 71 item 12).
    sourcemap: 'hidden',
    rollupOptions: {
      input: fileURLToPath(new URL('./admin.html', import.meta.url)),
      output: {
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'vendor-react';
          if (id.includes('node_modules/@tanstack/')) return 'vendor-tanstack';
          // The charting library loads with the reports only (issue 35), never with the other pages; the CSV writer's
          // library with the reports and the vouchers (src/admin/lib/csv.ts), without the charts.
          if (/node_modules\/(echarts|zrender)\//.test(id)) return 'vendor-charts';
          if (id.includes('node_modules/papaparse')) return 'vendor-csv';
          // The forms, the dialogs and the drag and drop load with the pages that use them, not before the first page
          // (issue 77: the console's start was 166 KB of script, over the 150 KB budget, build-tools/script-budget.js).
          if (id.includes('node_modules/react-hook-form')) return 'vendor-forms';
          if (id.includes('node_modules/@dnd-kit/')) return 'vendor-dnd';
          // The command menu of the one search loads when the search is first opened (issue 78 item 4).
          if (id.includes('node_modules/cmdk/')) return 'vendor-cmdk';
          if (/node_modules\/(@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|aria-hidden|use-sidecar|use-callback-ref|tslib|detect-node-es)\//.test(id)) return 'vendor-radix';
          return 'vendor';
        },
      },
    },
  },
});
