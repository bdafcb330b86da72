/**
 * The address a share hands out (commerce §2 dialog `share`): the item's canonical path (the
 * catalog's `href`), in the sharer's language, on the tenant's public origin. The origin is the
 * tenant configuration's `publicOrigin` (global settings; the server's `backend.publicOrigin`, the
 * same origin its canonical links use) and only without one this page's own origin: behind a proxy
 * the address bar's host may not be the one the world reaches.
 */
import { DEFAULT_LANGUAGE, type LanguageCode } from '@/config/languages';
import { localizePath } from '@/config/paths';

/** The origin of a configured public origin, or null when it is not an absolute http(s) URL. */
export function configuredOrigin(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

export function shareUrl(href: string, lang: LanguageCode, publicOrigin: unknown, pageOrigin: string): string {
  // An item elsewhere (an absolute href) is shared as it is.
  if (/^https?:\/\//i.test(href)) return href;
  const origin = configuredOrigin(publicOrigin) ?? pageOrigin;
  const path = localizePath(href.startsWith('/') ? href : `/${href}`, lang === DEFAULT_LANGUAGE ? null : lang);
  return `${origin}${path}`;
}
