import { BACKDROP_IMAGE_WIDTH, IMAGE_FORMAT } from '@/config/page-tables';

/**
 * Image URLs (spec §5): a protocol-relative '//host/x.png' gets https:, and http(s) or absolute
 * paths ask for webp through the `format` query parameter.
 */
export function toImageUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const trimmed = url.trim();
  if (!trimmed) return null;
  const withScheme = trimmed.startsWith('//') ? `https:${trimmed}` : trimmed;
  if (!/^https?:\/\//i.test(withScheme) && !withScheme.startsWith('/')) return withScheme;
  const hashIndex = withScheme.indexOf('#');
  const base = hashIndex === -1 ? withScheme : withScheme.slice(0, hashIndex);
  const hash = hashIndex === -1 ? '' : withScheme.slice(hashIndex);
  if (/[?&]format=/.test(base)) return withScheme;
  return `${base}${base.includes('?') ? '&' : '?'}format=${IMAGE_FORMAT}${hash}`;
}

export { BACKDROP_IMAGE_WIDTH };

/** The URL asking for the image `width` pixels wide; a URL that names a width already is kept. */
export function withImageWidth(url: string, width: number): string {
  const hashIndex = url.indexOf('#');
  const base = hashIndex === -1 ? url : url.slice(0, hashIndex);
  const hash = hashIndex === -1 ? '' : url.slice(hashIndex);
  if (/[?&]width=/.test(base)) return url;
  return `${base}${base.includes('?') ? '&' : '?'}width=${width}${hash}`;
}
