/**
 * Pages the service worker kept (build-tools/service-worker.ts) carry the payload of whoever was
 * signed in. When that account signs out, or another signs in, on this browser, the kept pages are
 * dropped, so an offline visit never shows one account's page to the next person.
 */
import { readAuthToken } from '@/lib/auth-token';

/** The cache name in build-tools/service-worker.ts. */
export const PAGES_CACHE = 'portal-pages';
export const PAGES_OWNER_KEY = 'portal:kept-pages-owner';

/**
 * Called when the session is known: `uuid` of the signed-in account, or null. Returns whether the
 * kept pages were dropped.
 */
export async function followPagesOwner(uuid: string | null, storage: Storage = localStorage): Promise<boolean> {
  const owner = storage.getItem(PAGES_OWNER_KEY);
  if (uuid) {
    storage.setItem(PAGES_OWNER_KEY, uuid);
    if (owner === null || owner === uuid) return false;
  } else {
    // While a token is there the profile may still be loading: not signed out.
    if (owner === null || readAuthToken() !== null) return false;
    storage.removeItem(PAGES_OWNER_KEY);
  }
  if (typeof caches === 'undefined') return false;
  return caches.delete(PAGES_CACHE);
}
