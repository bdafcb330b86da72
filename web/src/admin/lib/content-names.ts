/**
 * The catalog's sections and content types by their names in the console's language (reports.sectionNames,
 * reports.contentTypeNames: the storefront's catalog.types): the reports' rows, and a plan's credit types.
 * A code the console does not know shows as it is.
 */
import type { Translate } from './i18n';

export const SECTION_CODES = ['music', 'video', 'games', 'podcast', 'audiobook', 'news', 'articles', 'vouchers', 'tournaments', 'apps', 'other'] as const;
type SectionCode = (typeof SECTION_CODES)[number];

export function sectionName(code: string, t: Translate): string {
  return (SECTION_CODES as readonly string[]).includes(code) ? t(`reports.sectionNames.${code as SectionCode}`) : code;
}

export const CONTENT_TYPE_CODES = [
  'artist', 'album', 'full_track_music', 'playlist', 'music_video', 'videocollection', 'full_length_video', 'video', 'online_game', 'game', 'publisher', 'podcastcollection', 'podcast',
  'audiobook', 'audio_book_chapter', 'news', 'article', 'premium_article', 'voucher', 'voucherbook', 'tournament', 'app', 'partner', 'info_service', 'other',
] as const;
type ContentTypeCode = (typeof CONTENT_TYPE_CODES)[number];

/** A content type's name in the console's language. */
export function contentTypeName(code: string, t: Translate): string {
  return (CONTENT_TYPE_CODES as readonly string[]).includes(code) ? t(`reports.contentTypeNames.${code as ContentTypeCode}`) : code;
}
