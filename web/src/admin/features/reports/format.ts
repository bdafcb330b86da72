/**
 * How the reports write their figures, in the console's language (Arabic-Indic digits in Arabic):
 * counts, money (minor units with the currency, never summed across currencies), rates, listening
 * time and periods. Axis labels, tooltips, tables and CSV headers all use these.
 */
import type { LanguageCode } from '@/config/languages';
import { dateLocale, formatNumber, formatPrice } from '@/lib/formatters';
import { currencyDecimals } from '@/admin/lib/money';

export function formatCount(value: number, lang: LanguageCode): string {
  return formatNumber(value, lang);
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

/** Hours, or minutes under an hour (a 42 s play is "1 min", not "0 hr"; issue 73 item 7); "0 min" only for none. */
export function formatHours(ms: number, lang: LanguageCode): string {
  if (ms < 3_600_000) {
    const minutes = ms <= 0 ? 0 : Math.max(1, Math.round(ms / 60_000));
    return formatNumber(minutes, lang, { style: 'unit', unit: 'minute', unitDisplay: 'short', maximumFractionDigits: 0 });
  }
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
