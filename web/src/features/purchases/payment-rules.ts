/** Rules of the operator payment form and how a PIN verification answer maps to a purchase outcome. */
import { BILL_CODE_PATTERN } from '@/lib/bill-code';
import type { PurchaseOutcome } from './store';

export const MSISDN_PATTERN = /^\d{8,15}$/;
/** The portal's 4-digit PIN or the operator's own code (lib/bill-code.ts). */
export const PIN_PATTERN = BILL_CODE_PATTERN;

/** Spaces, dashes and a leading + are how people type numbers; the server wants digits. */
export function normalizeDigits(value: string): string {
  return value.replace(/[\s\-()+]/g, '');
}

export type PinOutcome = { kind: 'done'; outcome: PurchaseOutcome } | { kind: 'invalid-pin'; triesLeft: number | null };

export function pinOutcome(answer: { ok: boolean; status: number; code: string | null; data: { status?: number; triesLeft?: number } | null }): PinOutcome {
  if (answer.ok) {
    const status = answer.data?.status ?? answer.status;
    return { kind: 'done', outcome: status === 202 ? 'pending' : 'success' };
  }
  if (answer.code === 'INVALID_PIN') return { kind: 'invalid-pin', triesLeft: typeof answer.data?.triesLeft === 'number' ? answer.data.triesLeft : null };
  if (answer.status === 402 || answer.code === 'INSUFFICIENT_FUNDS') return { kind: 'done', outcome: 'insufficient' };
  if (answer.status === 202 || answer.code === 'PURCHASE_PENDING') return { kind: 'done', outcome: 'pending' };
  if (answer.status === 490 || answer.code === 'PAYMENT_DECLINED') return { kind: 'done', outcome: 'declined' };
  if (answer.code === 'ALREADY_OWNED') return { kind: 'done', outcome: 'owned' };
  return { kind: 'done', outcome: 'error' };
}
