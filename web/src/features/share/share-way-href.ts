/** The address of each way the share dialog offers (share-ways.ts names them). */
import type { ShareTarget } from './share';
import type { ShareLinkWay } from './share-ways';

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
