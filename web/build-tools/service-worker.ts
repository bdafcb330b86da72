/**
 * The service worker (issue 16, install as an app): vite-plugin-pwa generates /sw.js with Workbox.
 *
 * - Precache: the build's scripts, styles and icons, and /offline.html. Not index.html: every page
 *   is rendered by the server with its own CSP nonce and payload (DESIGN.md), so the build's
 *   template is never a page.
 * - Pages (navigations): network first; each page that loaded is kept (its CSP header and nonce
 *   travel with it), so offline the last copy of that page comes back, with the app's scripts from
 *   the precache. A page never loaded: /offline.html. The hosted pages (/backend/…) and media are
 *   never answered by the worker.
 * - Kept tracks (/offline-tracks/<id>): from Cache Storage only, with range requests, written by the
 *   page when the entitlement allowed a download (features/install/offline-tracks.ts).
 * - The manifest is the tenant's, served by the portal (GET /manifest.webmanifest), not built here.
 */
import type { VitePWAOptions } from 'vite-plugin-pwa';

/** Cache names the client code also uses (features/install). */
export const PAGES_CACHE = 'portal-pages';
export const OFFLINE_TRACKS_CACHE = 'portal-offline-tracks';

export const serviceWorkerOptions: Partial<VitePWAOptions> = {
  strategies: 'generateSW',
  filename: 'sw.js',
  // Registered by the client (features/install/register-service-worker.ts) in production builds only.
  injectRegister: false,
  registerType: 'autoUpdate',
  manifest: false,
  includeAssets: ['offline.html', 'favicon.svg'],
  workbox: {
    globPatterns: ['assets/*.{js,css}', 'offline.html', 'favicon.svg'],
    // The build template is not a page (see above); no navigation falls back to it.
    navigateFallback: null,
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
    // The largest vendor chunk stays well below this; a bigger one is a build mistake, not a cache entry.
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    runtimeCaching: [
      {
        urlPattern: ({ request, url }) =>
          request.mode === 'navigate' && !url.pathname.startsWith('/backend/') && !url.pathname.startsWith('/media/'),
        handler: 'NetworkFirst',
        options: {
          cacheName: PAGES_CACHE,
          expiration: { maxEntries: 40 },
          cacheableResponse: { statuses: [200] },
          precacheFallback: { fallbackURL: '/offline.html' },
        },
      },
      {
        urlPattern: ({ url }) => url.pathname.startsWith('/offline-tracks/'),
        handler: 'CacheOnly',
        options: { cacheName: OFFLINE_TRACKS_CACHE, rangeRequests: true },
      },
      {
        // Tenant artwork (logos, covers): shown offline with the kept pages.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/media/art/'),
        handler: 'StaleWhileRevalidate',
        options: { cacheName: 'portal-artwork', expiration: { maxEntries: 200 }, cacheableResponse: { statuses: [200] } },
      },
    ],
  },
};
