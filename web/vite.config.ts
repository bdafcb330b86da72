import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { VitePWA } from 'vite-plugin-pwa';
import { appChunks, catalogChunk, commerceGroup } from './build-tools/app-chunks';
import { createBuildInfo, portalBuildPlugin } from './build-tools/portal-build-plugin';
import { precompressPlugin } from './build-tools/precompress-plugin';
import { serviceWorkerOptions } from './build-tools/service-worker';

const build = createBuildInfo();
const appChunk = appChunks();

/**
 * What a dynamic import preloads beside the chunk it imports (Vite lists that chunk and all it imports,
 * for <link rel="modulepreload">): not the chunk itself, which the import fetches at the same moment,
 * nor the start-up chunks, which every page has loaded before anything imports dynamically. Each name
 * left out is one less in the importing chunk's list of file names (issue 52: the app's start-up chunk
 * named each page's own file besides its dependencies). The page's own tags (index.html) keep all of theirs.
 */
function lazyImportPreloads(file: string, deps: string[], { hostType }: { hostType: 'html' | 'js' }): string[] {
  if (hostType === 'html') return deps;
  return deps.filter((dep) => dep !== file && !/^assets\/(vendor-react|vendor|app)-[\w-]{8}\.js$/.test(dep));
}

/** Where `npm run dev` / `vite preview` send portal and backend calls: the real server. */
const portalUrl = process.env.PORTAL_URL ?? 'http://localhost:8080';
const proxy = Object.fromEntries(['/api', '/backend', '/builds', '/_payload'].map((path) => [path, { target: portalUrl, changeOrigin: false }]));
/** Unit test files that need module state of their own (what a fresh page has loaded): see `test` below. */
const isolatedTests = ['src/app/__tests__/first-use.test.tsx', 'src/app/__tests__/guest-details.test.tsx', 'src/app/__tests__/startup-without-messages.test.tsx'];

export default defineConfig(({ command }) => ({
  // The service worker (install as an app, offline shell: build-tools/service-worker.ts) before the twins are written.
  // The worker is Workbox's generated code, without a map: Workbox writes no 'hidden' maps, and /sw.js would name a
  // map the package leaves out (issue 71 item 12).
  plugins: [
    react(),
    tailwindcss(),
    portalBuildPlugin(build),
    VitePWA({ ...serviceWorkerOptions, workbox: { ...serviceWorkerOptions.workbox, sourcemap: false } }),
    precompressPlugin(),
  ],
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
    modulePreload: { polyfill: false, resolveDependencies: lazyImportPreloads },
    // Terser's two passes write every page's scripts 3–4 KB (brotli) smaller than esbuild's minifier,
    // against the 150 KB budget of issue 52, for about 40 s more of build.
    minify: 'terser',
    terserOptions: { ecma: 2020, module: true, compress: { passes: 2 } },
    // Maps beside the build (web/dist) for the dev stage and the package's separate artefact, named by no script:
    // the package and the image leave them out, and only the dev stage serves them (issue 71 item 12).
    sourcemap: 'hidden',
    commonjsOptions: { strictRequires: false },
    rollupOptions: {
      output: {
        // Long-lived vendor chunks: an app deploy does not invalidate them.
        // The app's own code: the entry's, the commerce group and what it shares (build-tools/app-chunks.ts).
        manualChunks(id, meta) {
          // What the entry imports statically, Vite's helper for dynamic imports and the app's yield
          // (src/main.tsx): with React, the entry's first library, so that the entry does not evaluate
          // the app's start-up chunk and the other libraries with it (issue 52: the app's yield had put
          // them all in the entry's first task), and no page asks for a file of its own for 1 KB.
          if (id.includes('vite/preload-helper') || id.endsWith('/src/lib/yield.ts')) return 'vendor-react';
          if (!id.includes('node_modules')) return commerceGroup(appChunk(id, meta), id, meta) ?? catalogChunk(id);
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'vendor-react';
          // Dialogs and menus load on first use (issue 14), and with them Radix and its helpers.
          if (/node_modules\/(@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|aria-hidden|use-sidecar|use-callback-ref|tslib|detect-node-es)\//.test(id)) return 'vendor-radix';
          // Only the forms in dialogs and account pages use it: loaded with them, not on every first paint.
          if (id.includes('node_modules/react-hook-form')) return 'vendor-forms';
          // TanStack Query's paged lists: with the article lists' query (build-tools/app-chunks.ts `catalogChunk`).
          if (/node_modules\/@tanstack\/(react-query|query-core)\/build\/modern\/(useInfiniteQuery|infiniteQueryObserver)\./.test(id)) return 'lists';
          // TanStack Query's mutations: what a press changes (likes, subscriptions, settings), never a guest's first page.
          if (/node_modules\/@tanstack\/(react-query|query-core)\/build\/modern\/(useMutation|useMutationState|mutationObserver)\./.test(id)) return 'vendor-mutations';
          // Loaded by the video player's dynamic import only, never with the first page.
          if (id.includes('node_modules/hls.js')) return 'vendor-hls';
          // Loaded by the music player's dynamic import on first play (issue 13: the mini player adds ≤ 25 KB gzip).
          if (id.includes('node_modules/howler')) return 'vendor-howler';
          // The rest, React Router, i18next and TanStack Query with the small ones, in one chunk (issue 52: a file
          // each cost 0.3 KB of headers apiece and compressed worse apart). The entry names one of its modules
          // (src/main.tsx), and the chunk is evaluated in a task of its own, before the app's.
          return 'vendor';
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    // A worker per core: Vitest's default leaves one core to the machine (on two cores, one worker: 44 s against 31 s).
    maxWorkers: availableParallelism(),
    // Beside the console: a JUnit report for scripts/test's timings (the slowest files).
    reporters: process.env.ARTIFACTS_DIR ? ['default', ['junit', { outputFile: `${process.env.ARTIFACTS_DIR}/vitest.xml` }]] : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/__tests__/**/*.test.{ts,tsx}', 'build-tools/**/__tests__/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...isolatedTests],
          // Files share a worker's jsdom and module graph: setting up a jsdom and importing the app
          // again for each file took most of the run (setup-tests.ts resets the shared state after each test).
          isolate: false,
        },
      },
      // Files that check what a fresh page has loaded run in a module graph of their own.
      { extends: true, test: { name: 'isolated', include: isolatedTests, isolate: true } },
    ],
  },
}));
