/**
 * The tenant's Google AdSense (settings.googleAds, docs/tenants.md): `client` "ca-pub-" and 10 to 20 digits, a slot
 * per place (`home`, `details`) of 5 to 20 digits. The server refuses other values at import and save; the client
 * checks again before it builds a URL or an ad unit, and a malformed value shows nothing.
 *
 * The script is added at run time only, once, in the browser of a visitor who allowed marketing cookies, for a tenant
 * that configured ads: nothing of it is in the build. It carries the page's CSP nonce; the server's policy names
 * Google's ad origins only for such a tenant.
 */
import { documentNonce } from '@/lib/csp-nonce';
import type { GlobalSettings } from '@/lib/portal-types';

export const AD_CLIENT_PATTERN = /^ca-pub-\d{10,20}$/;
export const AD_SLOT_PATTERN = /^\d{5,20}$/;
export const ADSENSE_SCRIPT_ID = 'tenant-adsense';
const ADSENSE_SCRIPT_URL = 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js';

export type AdPlace = 'home' | 'details';

export interface AdUnit {
  client: string;
  slot: string;
}

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

/** The ad unit of a place, null when the tenant configured none there or its values are malformed. */
export function adUnitOf(configs: GlobalSettings, place: AdPlace): AdUnit | null {
  const ads = configs.googleAds as { client?: unknown; slots?: Record<string, unknown> | null } | null | undefined;
  const client = ads?.client;
  const slot = ads?.slots?.[place];
  if (typeof client !== 'string' || !AD_CLIENT_PATTERN.test(client)) return null;
  if (typeof slot !== 'string' || !AD_SLOT_PATTERN.test(slot)) return null;
  return { client, slot };
}

/** Adds adsbygoogle.js once; true when it was added now. */
export function loadAdSense(client: string, doc: Document = document): boolean {
  if (!AD_CLIENT_PATTERN.test(client) || doc.getElementById(ADSENSE_SCRIPT_ID)) return false;
  const script = doc.createElement('script');
  script.id = ADSENSE_SCRIPT_ID;
  script.async = true;
  script.crossOrigin = 'anonymous';
  script.src = `${ADSENSE_SCRIPT_URL}?client=${encodeURIComponent(client)}`;
  const nonce = documentNonce(doc);
  if (nonce) script.nonce = nonce;
  doc.head.appendChild(script);
  return true;
}

/** Asks AdSense to fill the ad units added since (its queue until the script has come). */
export function requestAd(): void {
  (window.adsbygoogle ??= []).push({});
}
