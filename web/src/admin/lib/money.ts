/**
 * Amounts as the console's forms take them: typed in the currency's major units as people write them
 * ("7.99", "7,99"), kept and sent in minor units (799), as the server stores every price. One set for the
 * catalog's prices, the plans, the refunds and the reports.
 */

/** Digits after the decimal separator of a currency (EUR 2, JPY 0, KWD 3). */
export function currencyDecimals(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Minor units as a decimal text in major units (499 -> "4.99"). */
export function toDecimal(minor: number, decimals = 2): string {
  return (minor / 10 ** decimals).toFixed(decimals);
}

/** A decimal text in major units as minor units; null when it is not an amount (empty, negative, too many decimals). */
export function toMinor(text: string, decimals = 2): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d*)?$/.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  if (fraction.length > decimals) return null;
  return Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
}
