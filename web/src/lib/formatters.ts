/**
 * Every number, date, duration, price and size a person sees goes through here.
 * Arabic uses Arabic-Indic digits; dates are formatted en-US, or ar-EG for Arabic.
 */
import { getLanguage, type LanguageCode } from '@/config/languages';

export function numberLocale(lang: LanguageCode): string {
  return lang === 'ar' ? 'ar-EG-u-nu-arab' : getLanguage(lang).iso;
}

export function dateLocale(lang: LanguageCode): string {
  return lang === 'ar' ? 'ar-EG-u-nu-arab' : 'en-US';
}

export function formatNumber(value: number, lang: LanguageCode, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(numberLocale(lang), options).format(value);
}

/** Digits without grouping, for counters such as "3 / 5" or a year. */
export function formatDigits(value: number, lang: LanguageCode): string {
  return formatNumber(value, lang, { useGrouping: false, maximumFractionDigits: 0 });
}

export function formatDate(value: Date | string | number, lang: LanguageCode, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(dateLocale(lang), options).format(date);
}

/** Seconds -> "m:ss" or "h:mm:ss" with the language's digits. */
export function formatDuration(totalSeconds: number, lang: LanguageCode): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const two = (value: number) => formatNumber(value, lang, { minimumIntegerDigits: 2, useGrouping: false });
  const head = hours > 0 ? `${formatDigits(hours, lang)}:${two(minutes)}` : formatDigits(minutes, lang);
  return `${head}:${two(rest)}`;
}

/** Money is integer minor units plus an ISO currency. */
export function formatPrice(amountMinor: number, currency: string, lang: LanguageCode, decimals = 2): string {
  return formatNumber(amountMinor / 10 ** decimals, lang, {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

export function formatFileSize(bytes: number, lang: LanguageCode): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return formatNumber(value, lang, { style: 'unit', unit: SIZE_UNITS[unit], unitDisplay: 'short', maximumFractionDigits: unit === 0 ? 0 : 1 });
}
