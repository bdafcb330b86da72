/**
 * Every number, date, duration, price and size a person sees goes through here.
 * Arabic uses Arabic-Indic digits; dates are formatted in the reader's language (en-US, ar-EG with
 * Arabic-Indic digits, de-DE, fr-FR, es-ES, ro-RO; issue 30, a recorded deviation from the spec's en-US/ar-EG).
 */
import { getLanguage, type LanguageCode } from '@/config/languages';
import { plainPrice } from './plain-price';

export function numberLocale(lang: LanguageCode): string {
  return lang === 'ar' ? 'ar-EG-u-nu-arab' : getLanguage(lang).iso;
}

export function dateLocale(lang: LanguageCode): string {
  return lang === 'ar' ? 'ar-EG-u-nu-arab' : getLanguage(lang).iso;
}

/**
 * Intl formatters are costly to make (a few milliseconds each for Arabic on a slow phone) and a page
 * formats hundreds of values: one per locale and options, made on first use.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

export function formatNumber(value: number, lang: LanguageCode, options?: Intl.NumberFormatOptions): string {
  // Below a thousand no language groups digits: a count on a list page makes no formatter (issue 14).
  if (!options && value < 1000) {
    const digits = plainDigits(value, lang);
    if (digits !== null) return digits;
  }
  const locale = numberLocale(lang);
  return cached(numberFormats, `${locale}|${JSON.stringify(options ?? {})}`, () => new Intl.NumberFormat(locale, options)).format(value);
}

const ARABIC_INDIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';

/**
 * A non-negative whole number in the language's digits, without Intl: the first Intl formatter of a
 * page costs tens of milliseconds on a slow phone, and counters and years are most of what a page
 * formats. Arabic uses Arabic-Indic digits, the other languages Latin ones (their numberLocale).
 */
function plainDigits(value: number, lang: LanguageCode, minimumDigits = 1): string | null {
  if (!Number.isSafeInteger(value) || value < 0) return null;
  const latin = String(value).padStart(minimumDigits, '0');
  return lang === 'ar' ? latin.replace(/\d/g, (digit) => ARABIC_INDIC_DIGITS[Number(digit)] ?? digit) : latin;
}

/** Digits without grouping, for counters such as "3 / 5" or a year. */
export function formatDigits(value: number, lang: LanguageCode): string {
  return plainDigits(value, lang) ?? formatNumber(value, lang, { useGrouping: false, maximumFractionDigits: 0 });
}

const EN_US_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The default (medium) date without Intl, as Intl writes it: "Mar 5, 2024" (en-US) or
 * "٠٥‏/٠٣‏/٢٠٢٤" (ar-EG, with right-to-left marks); the other languages ask Intl. A details page's
 * release date was its first Intl date formatter, the costliest of all to make on a phone.
 */
function mediumDate(date: Date, lang: LanguageCode): string | null {
  const year = date.getFullYear();
  if (year < 1000 || year > 9999) return null;
  if (lang === 'en') return `${EN_US_MONTHS[date.getMonth()]} ${date.getDate()}, ${year}`;
  if (lang !== 'ar') return null;
  const two = (value: number) => plainDigits(value, lang, 2);
  return `${two(date.getDate())}\u200F/${two(date.getMonth() + 1)}\u200F/${plainDigits(year, lang)}`;
}

export function formatDate(value: Date | string | number, lang: LanguageCode, options?: Intl.DateTimeFormatOptions): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  if (!options) {
    const medium = mediumDate(date, lang);
    if (medium !== null) return medium;
    options = { dateStyle: 'medium' };
  }
  const locale = dateLocale(lang);
  return cached(dateFormats, `${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options)).format(date);
}

/** A day written YYYY-MM-DD, in Latin or Arabic-Indic digits, standing alone (no digit on either side). */
const ISO_DAY = /(?<![0-9٠-٩])([0-9٠-٩]{4})-([0-9٠-٩]{2})-([0-9٠-٩]{2})(?![0-9٠-٩])/g;

function latinDigits(text: string): string {
  return text.replace(/[٠-٩]/g, (digit) => String(ARABIC_INDIC_DIGITS.indexOf(digit)));
}

/**
 * Prose from the catalog with its days written for the reader (issue 47): every YYYY-MM-DD that is a
 * real day becomes the language's long date ("October 14, 2027", "14. Oktober 2027"); anything else
 * stays as written. The day is the calendar day written, whatever the reader's time zone.
 */
export function formatDatesInText(text: string, lang: LanguageCode): string {
  return text.replace(ISO_DAY, (written, year: string, month: string, day: string) => {
    const [y, m, d] = [year, month, day].map((part) => Number(latinDigits(part))) as [number, number, number];
    const date = new Date(y, m - 1, d);
    if (date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d) return written;
    return formatDate(date, lang, { dateStyle: 'long' });
  });
}

/** Seconds -> "mm:ss" under an hour, else "hh:mm:ss", with the language's digits (commerce §9). */
export function formatDuration(totalSeconds: number, lang: LanguageCode): string {
  const seconds = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const two = (value: number) => plainDigits(value, lang, 2) ?? formatNumber(value, lang, { minimumIntegerDigits: 2, useGrouping: false });
  return hours > 0 ? `${two(hours)}:${two(minutes)}:${two(rest)}` : `${two(minutes)}:${two(rest)}`;
}

/** Commerce §9: the price-format decimal count, 2 when absent. */
export const DEFAULT_PRICE_DECIMALS = 2;

export function priceDecimals(priceFormat: { decimals?: number } | null | undefined): number {
  const decimals = priceFormat?.decimals;
  return typeof decimals === 'number' && Number.isInteger(decimals) && decimals >= 0 && decimals <= 6 ? decimals : DEFAULT_PRICE_DECIMALS;
}

/** Money is integer minor units plus an ISO currency. */
export function formatPrice(amountMinor: number, currency: string, lang: LanguageCode, decimals = DEFAULT_PRICE_DECIMALS): string {
  const plain = plainPrice(amountMinor, currency, lang, decimals);
  if (plain !== null) return plain;
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

/** Commerce §9: file sizes are shown rounded up to whole megabytes ("5 MB"). */
export function formatMegabytes(bytes: number, lang: LanguageCode): string {
  const megabytes = Math.ceil(Math.max(0, bytes) / (1024 * 1024));
  return formatNumber(megabytes, lang, { style: 'unit', unit: 'megabyte', unitDisplay: 'short', maximumFractionDigits: 0 });
}

/** Commerce §5 grading: 0 all ages, 10 six plus, 20 twelve plus, 30 sixteen plus, 40 (and anything else) eighteen plus. */
export type GradingLabel = 'allAges' | 'sixPlus' | 'twelvePlus' | 'sixteenPlus' | 'eighteenPlus';

export function gradingLabel(rating: number | null | undefined): GradingLabel {
  switch (rating ?? 0) {
    case 0:
      return 'allAges';
    case 10:
      return 'sixPlus';
    case 20:
      return 'twelvePlus';
    case 30:
      return 'sixteenPlus';
    default:
      return 'eighteenPlus';
  }
}

/**
 * Inserted text (a product's name, a team's) as a bidi isolate, U+2068 FIRST STRONG ISOLATE … U+2069 POP
 * DIRECTIONAL ISOLATE: "Games Gift Card – Platinum" inside an Arabic sentence keeps its own order and moves none
 * of the words around it. For text that ends up in a string (a dialog's description, a button's label); in markup
 * an element with `dir` (or <bdi>) does the same.
 */
export function isolated(text: string): string {
  return `\u2068${text}\u2069`;
}

/**
 * Left-to-right text (a phone number, an address) inside a string of any direction: U+2066 LEFT-TO-RIGHT ISOLATE …
 * U+2069 POP DIRECTIONAL ISOLATE, so that "+971 50 000 0001" keeps its order inside an Arabic label (an aria-label,
 * a dialog's description). In markup, <Ltr> (components/ui/ltr-text) does the same.
 */
export function ltrIsolated(text: string): string {
  return `\u2066${text}\u2069`;
}

/** E.164 country codes of one and two digits; every other code has three (ITU-T E.164 assignments). */
const ONE_DIGIT_COUNTRY_CODES = new Set(['1', '7']);
const TWO_DIGIT_COUNTRY_CODES = new Set([
  '20', '27', '30', '31', '32', '33', '34', '36', '39', '40', '41', '43', '44', '45', '46', '47', '48', '49', '51', '52', '53', '54', '55', '56',
  '57', '58', '60', '61', '62', '63', '64', '65', '66', '81', '82', '84', '86', '90', '91', '92', '93', '94', '95', '98',
]);

/**
 * A mobile number as the server keeps it (international digits without "+", issue 72 item 8) as people read it:
 * "+", the country code, then the national number in groups (the last four digits, threes before them, a lone
 * leading digit joined to the next group), joined by no-break spaces: "971500000001" -> "+971 50 000 0001",
 * "4915112345678" -> "+49 1511 234 5678".
 * A number starting with 0 is national (no country code, no "+"). Digits in the reader's language (Arabic-Indic for
 * ar, with a left-to-right mark after each space); put it in an LTR isolate (<Ltr>, ltrIsolated) wherever it appears.
 * Anything but 6 to 15 digits is shown as given.
 */
export function formatPhoneNumber(digits: string, lang: LanguageCode): string {
  if (!/^\d{6,15}$/.test(digits)) return digits;
  let country = '';
  let national = digits;
  if (!digits.startsWith('0')) {
    const length = ONE_DIGIT_COUNTRY_CODES.has(digits.slice(0, 1)) ? 1 : TWO_DIGIT_COUNTRY_CODES.has(digits.slice(0, 2)) ? 2 : 3;
    country = digits.slice(0, length);
    national = digits.slice(length);
  }
  const groups: string[] = [];
  let rest = national;
  if (rest.length > 4) {
    groups.unshift(rest.slice(-4));
    rest = rest.slice(0, -4);
    while (rest.length > 3) {
      groups.unshift(rest.slice(-3));
      rest = rest.slice(0, -3);
    }
    if (rest.length === 1) groups[0] = `${rest}${groups[0] ?? ''}`;
    else if (rest.length > 0) groups.unshift(rest);
  } else {
    groups.push(rest);
  }
  // No-break spaces: a number is never cut at the end of a line.
  const parts = [country ? `+${country}` : '', ...groups].filter(Boolean);
  if (lang !== 'ar') return parts.join('\u00A0');
  // Arabic-Indic digits are Arabic numbers to the bidi algorithm: even inside a left-to-right isolate the spaces between
  // two groups side with them and the groups come out last first ("+٠٠٠١ ٠٠٠ ٥٠ ٩٧١"). A LEFT-TO-RIGHT MARK after
  // each space keeps the groups in order (Latin digits need none: after a left-to-right start they count as such).
  return parts.map((part) => part.replace(/\d/g, (digit) => ARABIC_INDIC_DIGITS[Number(digit)] ?? digit)).join('\u00A0\u200E');
}

/**
 * The grading badge's direction. Age labels ("6+", "Ab 6", Arabic "٦+") keep their left-to-right order in
 * every language: inside Arabic text a bare "٦+" would otherwise show as "+٦". An element with `dir` is a
 * bidi isolate, so the badge neither turns round nor moves its neighbours. "All ages" is words and follows
 * the page (undefined: no `dir`).
 */
export function gradingDirection(label: GradingLabel): 'ltr' | undefined {
  return label === 'allAges' ? undefined : 'ltr';
}

/** Commerce §9 billing cycles: P1D daily, P7D weekly, P1M monthly, P1Y yearly; null for anything else. */
export type BillingCycle = 'daily' | 'weekly' | 'monthly' | 'yearly';

const BILLING_CYCLES: Record<string, BillingCycle> = { P1D: 'daily', P7D: 'weekly', P1M: 'monthly', P1Y: 'yearly' };

export function billingCycle(duration: string | null | undefined): BillingCycle | null {
  return BILLING_CYCLES[(duration ?? '').toUpperCase()] ?? null;
}

/**
 * Commerce §5: a promotion price shows a percent-off tag only when it is lower than the price. The
 * tag says "N% off", so N is the saving, (1 − promotion ÷ price) × 100: €2.99 instead of €4.99 is
 * 40 % off (docs/decisions.md "Percent off is the saving"). Null when no tag is shown.
 */
export function percentOff(price: number | null | undefined, promotion: number | null | undefined): number | null {
  if (price == null || promotion == null || !(price > 0) || !(promotion >= 0) || promotion >= price) return null;
  return Math.round((1 - promotion / price) * 100);
}

/** A percentage with the language's digits and sign ("25%", "٢٥٪"). */
export function formatPercent(percent: number, lang: LanguageCode): string {
  return formatNumber(percent / 100, lang, { style: 'percent', maximumFractionDigits: 0 });
}
