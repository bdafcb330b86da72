/** Money of the refund dialog (pages/customer-refund.tsx): the amount field is in the currency's major units. */

export const MAX_REASON_LENGTH = 500;

/** How many minor units a major unit of the currency has, as digits (EUR 2, JPY 0). */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** "12.5" or "12,50" in major units as minor units; null when it is not such a number. */
export function toMinor(text: string, digits: number): number | null {
  const t = text.trim().replace(',', '.');
  const pattern = digits > 0 ? new RegExp(`^\\d+(\\.\\d{0,${digits}})?$`) : /^\d+$/;
  if (!pattern.test(t)) return null;
  const [whole = '0', fraction = ''] = t.split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** Minor units as the major-unit text the amount field shows ("12.50"). */
export function toMajorText(minor: number, digits: number): string {
  return digits > 0 ? (minor / 10 ** digits).toFixed(digits) : String(minor);
}
