/**
 * What a press on the Share button runs: the item's public address (share-url.ts), then the share sheet or
 * the `share` dialog (share.ts). Its own module, loaded when the pointer reaches the button or on the press,
 * so that a details page's first load carries none of it (issue 52).
 */
import type { LanguageCode } from '@/config/languages';
import { startShare, type ShareOutcome } from './share';
import { shareUrl } from './share-url';

export function shareItem(item: { title: string; href: string }, lang: LanguageCode, publicOrigin: unknown): Promise<ShareOutcome> {
  return startShare({ title: item.title, url: shareUrl(item.href, lang, publicOrigin, window.location.origin) });
}
