/**
 * The tenant's tag manager (commerce §5): global settings `tagManager.containerId`, which must be
 * "GTM-" followed by upper-case letters and digits, otherwise an error is raised. The server refuses
 * such a tenant file at import (tenants_app.cpp); the client checks again before it builds a URL.
 *
 * The script is added at run time only, in the browser of a visitor who allowed analytics, for a
 * tenant that configured a container: nothing of it is in the build. It carries the page's CSP
 * nonce; the server's policy names Google's origins only for such a tenant (security_headers.cpp).
 */
import { documentNonce } from '@/lib/csp-nonce';
import type { GlobalSettings } from '@/lib/portal-types';
import { markTrackingScriptsLoaded } from './analytics-consent';

export const TAG_MANAGER_ID_PATTERN = /^GTM-[A-Z0-9]+$/;
export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';
export const TAG_MANAGER_SCRIPT_ID = 'tenant-tag-manager';

export class TagManagerIdError extends Error {
  constructor(id: unknown) {
    super(`Invalid tag manager container id ${JSON.stringify(id)}: expected GTM- followed by upper-case letters and digits`);
    this.name = 'TagManagerIdError';
  }
}

/** The valid id, or throws TagManagerIdError. */
export function checkTagManagerId(id: unknown): string {
  if (typeof id !== 'string' || !TAG_MANAGER_ID_PATTERN.test(id)) throw new TagManagerIdError(id);
  return id;
}

/** The tenant's container id, null when it configured none; throws on a malformed one. */
export function tagManagerIdOf(configs: GlobalSettings): string | null {
  const area = configs.tagManager;
  if (area === undefined || area === null) return null;
  const id = (area as { containerId?: unknown }).containerId;
  if (id === undefined || id === null) return null;
  return checkTagManagerId(id);
}

export type DataLayerEntry = Record<string, unknown>;
declare global {
  interface Window {
    dataLayer?: DataLayerEntry[];
  }
}

export function pushToDataLayer(entry: DataLayerEntry): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(entry);
}

/** Adds gtm.js once; true when it was added now. */
export function loadTagManager(id: string, doc: Document = document): boolean {
  const container = checkTagManagerId(id);
  if (doc.getElementById(TAG_MANAGER_SCRIPT_ID)) return false;
  pushToDataLayer({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = doc.createElement('script');
  script.id = TAG_MANAGER_SCRIPT_ID;
  script.async = true;
  script.src = `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(container)}`;
  const nonce = documentNonce(doc);
  if (nonce) script.nonce = nonce;
  doc.head.appendChild(script);
  markTrackingScriptsLoaded();
  return true;
}

export function tagManagerLoaded(doc: Document = document): boolean {
  return doc.getElementById(TAG_MANAGER_SCRIPT_ID) !== null;
}
