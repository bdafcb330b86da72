/**
 * A price written without Intl, exactly as Intl.NumberFormat writes it for the portal's six
 * languages and the currencies in this table (CLDR 48; Vitest compares every shape with Intl).
 *
 * Why: the first Intl.NumberFormat of a page sets up ICU's number data, about 45 ms on a desktop
 * and 180 ms on a phone (4x slower), one long task in the first seconds of every details page
 * (issue 14, Total Blocking Time). A price is integer minor units, so it needs no rounding.
 */
import type { LanguageCode } from '@/config/languages';

interface NumberShape {
  group: string;
  decimal: string;
  /** es writes no group separator in four-digit numbers (CLDR minimumGroupingDigits 2). */
  minimumGroupingDigits: 1 | 2;
  arabicDigits: boolean;
}

const NBSP = '\u00a0';
const NNBSP = '\u202f';
const RLM = '\u200f';

const NUMBERS: Record<LanguageCode, NumberShape> = {
  en: { group: ',', decimal: '.', minimumGroupingDigits: 1, arabicDigits: false },
  de: { group: '.', decimal: ',', minimumGroupingDigits: 1, arabicDigits: false },
  fr: { group: NNBSP, decimal: ',', minimumGroupingDigits: 1, arabicDigits: false },
  es: { group: '.', decimal: ',', minimumGroupingDigits: 2, arabicDigits: false },
  ro: { group: '.', decimal: ',', minimumGroupingDigits: 1, arabicDigits: false },
  ar: { group: '\u066c', decimal: '\u066b', minimumGroupingDigits: 1, arabicDigits: true },
};

/** Each language's text before and after the number, per currency. */
type Wrapping = readonly [before: string, after: string];

function suffix(symbol: string): Wrapping {
  return ['', `${NBSP}${symbol}`];
}

function arabic(symbol: string): Wrapping {
  // A symbol in Arabic letters ends with a right-to-left mark, as CLDR writes it.
  return [RLM, `${NBSP}${symbol}${/[\u0600-\u06ff]/.test(symbol) ? RLM : ''}`];
}

const CURRENCIES: Record<string, Record<LanguageCode, Wrapping>> = {
  EUR: { en: ['€', ''], de: suffix('€'), fr: suffix('€'), es: suffix('€'), ro: suffix('EUR'), ar: arabic('€') },
  SAR: { en: [`SAR${NBSP}`, ''], de: suffix('SAR'), fr: suffix('SAR'), es: suffix('SAR'), ro: suffix('SAR'), ar: arabic('ر.س.') },
  USD: { en: ['$', ''], de: suffix('$'), fr: suffix('$US'), es: suffix('US$'), ro: suffix('USD'), ar: arabic('US$') },
  GBP: { en: ['£', ''], de: suffix('£'), fr: suffix('£GB'), es: suffix('GBP'), ro: suffix('GBP'), ar: arabic('UK£') },
  EGP: { en: [`EGP${NBSP}`, ''], de: suffix('EGP'), fr: suffix('EGP'), es: suffix('EGP'), ro: suffix('EGP'), ar: arabic('ج.م.') },
};

const ARABIC_INDIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';

function groupThousands(integer: string, shape: NumberShape): string {
  if (integer.length < 4 || integer.length < 3 + shape.minimumGroupingDigits) return integer;
  const groups: string[] = [];
  let end = integer.length;
  for (; end > 3; end -= 3) groups.unshift(integer.slice(end - 3, end));
  groups.unshift(integer.slice(0, end));
  return groups.join(shape.group);
}

/**
 * `amountMinor` minor units with `decimals` fraction digits, or null where only Intl knows the
 * answer (a currency outside the table, a negative or fractional amount).
 */
export function plainPrice(amountMinor: number, currency: string, lang: LanguageCode, decimals: number): string | null {
  const wrapping = CURRENCIES[currency]?.[lang];
  if (!wrapping || !Number.isSafeInteger(amountMinor) || amountMinor < 0 || !Number.isInteger(decimals) || decimals < 0 || decimals > 6) {
    return null;
  }
  const digits = String(amountMinor).padStart(decimals + 1, '0');
  const shape = NUMBERS[lang];
  const integer = groupThousands(digits.slice(0, digits.length - decimals), shape);
  const fraction = decimals > 0 ? `${shape.decimal}${digits.slice(digits.length - decimals)}` : '';
  let number = `${integer}${fraction}`;
  if (shape.arabicDigits) number = number.replace(/\d/g, (digit) => ARABIC_INDIC_DIGITS[Number(digit)] ?? digit);
  return `${wrapping[0]}${number}${wrapping[1]}`;
}
