/**
 * The ways the share dialog offers (settings.sharedLinks, docs/tenants.md "The other named settings"): the tenant's
 * list in its order, all six when it sets none, none at all for `[]` (then there is no Share button).
 */
import type { ShareTarget } from './share';

export const SHARE_WAYS = ['copy', 'email', 'whatsapp', 'telegram', 'facebook', 'x'] as const;
export type ShareWay = (typeof SHARE_WAYS)[number];
export type ShareLinkWay = Exclude<ShareWay, 'copy'>;

function isShareWay(value: unknown): value is ShareWay {
  return (SHARE_WAYS as readonly unknown[]).includes(value);
}

export function shareWaysOf(value: unknown): ShareWay[] {
  if (!Array.isArray(value)) return [...SHARE_WAYS];
  return [...new Set(value.filter(isShareWay))];
}

/** The address that shares `target` that way: a mail to write, or the site's own share page. */
export function shareWayHref(way: ShareLinkWay, { title, url }: ShareTarget): string {
  const q = encodeURIComponent;
  switch (way) {
    case 'email':
      return `mailto:?subject=${q(title)}&body=${q(url)}`;
    case 'whatsapp':
      return `https://wa.me/?text=${q(`${title} ${url}`)}`;
    case 'telegram':
      return `https://t.me/share/url?url=${q(url)}&text=${q(title)}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${q(url)}`;
    case 'x':
      return `https://x.com/intent/post?url=${q(url)}&text=${q(title)}`;
  }
}
