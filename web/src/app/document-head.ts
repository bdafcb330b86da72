/**
 * The head tags the server writes for a page's first answer (app/page_shell.cpp: `<meta name="description">`,
 * og:title, og:description, og:url, the canonical link and the hreflang alternates), kept right as the app
 * navigates: the next page's words and address replace the first page's. Absolute addresses keep the origin the
 * server wrote (the tenant's configured one, never the host the browser happens to use), else the configured
 * `publicOrigin`, else this page's origin.
 */
import { splitLanguagePrefix } from '@/config/paths';

export interface DocumentHead {
  title: string;
  description: string;
  /** The page's address as the browser shows it ("/ar/music/tracks"), without query. */
  path: string;
}

function metaTag(doc: Document, attribute: 'name' | 'property', key: string): HTMLMetaElement {
  const found = doc.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (found) return found;
  const meta = doc.createElement('meta');
  meta.setAttribute(attribute, key);
  doc.head.appendChild(meta);
  return meta;
}

/** The origin of the server's canonical link, else `configured`, else the page's own. */
export function headOrigin(doc: Document, configured: unknown): string {
  const canonical = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.getAttribute('href');
  if (canonical) {
    try {
      return new URL(canonical).origin;
    } catch {
      // Not absolute: the configured origin decides.
    }
  }
  if (typeof configured === 'string' && /^https?:\/\/[^/]+$/i.test(configured.replace(/\/+$/, ''))) return configured.replace(/\/+$/, '');
  return doc.defaultView?.location.origin ?? '';
}

/** A language's address of the page: "/ar/music"; the default language's unprefixed form is the x-default one. */
function alternatePath(code: string, unprefixed: string): string {
  if (code === 'x-default') return unprefixed;
  return unprefixed === '/' ? `/${code}` : `/${code}${unprefixed}`;
}

export function applyDocumentHead(doc: Document, head: DocumentHead, configuredOrigin?: unknown): void {
  const origin = headOrigin(doc, configuredOrigin);
  if (head.description) {
    metaTag(doc, 'name', 'description').setAttribute('content', head.description);
    metaTag(doc, 'property', 'og:description').setAttribute('content', head.description);
  }
  if (head.title) metaTag(doc, 'property', 'og:title').setAttribute('content', head.title);
  const address = `${origin}${head.path}`;
  metaTag(doc, 'property', 'og:url').setAttribute('content', address);
  let canonical = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) {
    canonical = doc.createElement('link');
    canonical.setAttribute('rel', 'canonical');
    doc.head.appendChild(canonical);
  }
  canonical.setAttribute('href', address);
  const unprefixed = splitLanguagePrefix(head.path).path;
  for (const link of doc.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')) {
    link.setAttribute('href', `${origin}${alternatePath(link.getAttribute('hreflang') ?? 'x-default', unprefixed)}`);
  }
}
