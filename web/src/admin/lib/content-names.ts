/**
 * The catalog's sections and content types by their names in the console's language (reports.sectionNames,
 * reports.contentTypeNames: the storefront's catalog.types), wherever the console shows or picks one (issue 73
 * item 5): the catalog's list, filter and editor, the reports' rows, a plan's credits, the pickers, a customer's
 * purchases. A code the console does not know shows as it is.
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

/** Content types by their names, as a list in the console's language ("Track, Album"; Arabic with its own comma). */
export function contentTypeList(codes: readonly string[], t: Translate, lang: string): string {
  return new Intl.ListFormat(lang, { type: 'unit', style: 'short' }).format(codes.map((code) => contentTypeName(code, t)));
}

/** The types an article can be (docs/catalog-format.md): every code but the reports' "other". */
export const ARTICLE_TYPE_CODES: readonly string[] = CONTENT_TYPE_CODES.filter((code) => code !== 'other');

/** What a plan's credits can be spent on: the catalog's playable and readable items. */
export const CREDIT_TYPE_CODES: readonly string[] = [
  'full_track_music', 'album', 'playlist', 'music_video', 'full_length_video', 'video', 'videocollection', 'online_game', 'game',
  'podcast', 'audiobook', 'audio_book_chapter', 'premium_article',
];

/**
 * The choices of a content type picker, named: `codes` in their order, and a value the console does not offer (an
 * article of an older file) kept as a choice of its own, so a picker never drops what it was given.
 */
export function contentTypeChoices(codes: readonly string[], t: Translate, keep: readonly string[] = []): { value: string; label: string }[] {
  const extra = keep.filter((code) => code !== '' && !codes.includes(code));
  return [...codes, ...extra].map((code) => ({ value: code, label: contentTypeName(code, t) }));
}
