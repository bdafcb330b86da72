/**
 * How the reports write their figures, in the console's language (Arabic-Indic digits in Arabic):
 * counts, money (minor units with the currency, never summed across currencies), rates, listening
 * time and periods. Axis labels, tooltips, tables and CSV headers all use these.
 */
import type { LanguageCode } from '@/config/languages';
import { dateLocale, formatNumber, formatPrice } from '@/lib/formatters';
import type { Translate } from '../../lib/i18n';

export function formatCount(value: number, lang: LanguageCode): string {
  return formatNumber(value, lang);
}

/** Digits after the decimal separator of a currency (EUR 2, JPY 0, KWD 3). */
export function currencyDecimals(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Minor units as major ones (for a chart's values and the CSV). */
export function majorUnits(minor: number, currency: string): number {
  return minor / 10 ** currencyDecimals(currency);
}

export function formatMoney(minor: number, currency: string, lang: LanguageCode): string {
  return formatPrice(minor, currency, lang, currencyDecimals(currency));
}

/** A major-unit amount on a chart's axis: short (1.2K €) where space is tight. */
export function formatMoneyAxis(major: number, currency: string, lang: LanguageCode): string {
  try {
    return formatNumber(major, lang, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 });
  } catch {
    return formatNumber(major, lang);
  }
}

export function formatCompact(value: number, lang: LanguageCode): string {
  return formatNumber(value, lang, { notation: 'compact', maximumFractionDigits: 1 });
}

/** A rate 0..1 as a percentage; null (undefined rate) as a dash. */
export function formatRate(rate: number | null | undefined, lang: LanguageCode): string {
  return rate === null || rate === undefined ? '—' : formatNumber(rate, lang, { style: 'percent', maximumFractionDigits: 1 });
}

/** Milliseconds of listening or watching, in hours. */
export function msToHours(ms: number): number {
  return Math.round((ms / 3_600_000) * 10) / 10;
}

export function formatHours(ms: number, lang: LanguageCode): string {
  return formatNumber(msToHours(ms), lang, { style: 'unit', unit: 'hour', unitDisplay: 'short', maximumFractionDigits: 1 });
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(lang: LanguageCode, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(dateLocale(lang), { ...options, timeZone: 'UTC' });
    dateFormats.set(key, format);
  }
  return format;
}

/** A period named by its first day (`YYYY-MM-DD`): a month as "Nov 2026", a day or week as "23 Nov 2026" (`short` leaves out the year). */
export function formatPeriod(period: string, granularity: string, lang: LanguageCode, short = false): string {
  const date = new Date(`${period.length === 7 ? `${period}-01` : period}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return period;
  if (granularity === 'month') return dateFormat(lang, { month: 'short', year: 'numeric' }).format(date);
  return dateFormat(lang, short ? { day: 'numeric', month: 'short' } : { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

/** A month `YYYY-MM` in words ("November 2026"). */
export function formatMonth(month: string, lang: LanguageCode): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : dateFormat(lang, { month: 'long', year: 'numeric' }).format(date);
}

export function formatTimestamp(iso: string, lang: LanguageCode): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(dateLocale(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The catalog's sections the console names in every language (reports.sectionNames); another code shows as it is. */
const SECTION_CODES = ['music', 'video', 'games', 'podcast', 'audiobook', 'news', 'articles', 'vouchers', 'tournaments', 'apps', 'other'] as const;
type SectionCode = (typeof SECTION_CODES)[number];

export function sectionName(code: string, t: Translate): string {
  return (SECTION_CODES as readonly string[]).includes(code) ? t(`reports.sectionNames.${code as SectionCode}`) : code;
}

/** The catalog's content types the console names in every language (reports.contentTypeNames, the storefront's catalog.types). */
const CONTENT_TYPE_CODES = [
  'artist', 'album', 'full_track_music', 'playlist', 'music_video', 'videocollection', 'full_length_video', 'video', 'online_game', 'game', 'publisher', 'podcastcollection', 'podcast',
  'audiobook', 'audio_book_chapter', 'news', 'article', 'premium_article', 'voucher', 'voucherbook', 'tournament', 'app', 'partner', 'info_service', 'other',
] as const;
type ContentTypeCode = (typeof CONTENT_TYPE_CODES)[number];

/** A content type's name in the console's language; a code the catalog does not know shows as it is. */
export function contentTypeName(code: string, t: Translate): string {
  return (CONTENT_TYPE_CODES as readonly string[]).includes(code) ? t(`reports.contentTypeNames.${code as ContentTypeCode}`) : code;
}
