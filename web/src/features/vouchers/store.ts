/** What the voucher dialogs show: the last redemption and the last purchase or resend. */
import { createStore, useStore } from 'zustand';
import type { PurchaseReason, RedeemReason, VoucherFeedback } from './voucher-feedback';

export interface VoucherState {
  /** reason: what the status alone does not say; endDate: the plan's end after an extension. */
  redeem: { feedback: VoucherFeedback; subscriptionTypeId: number | null; reason?: RedeemReason | null; endDate?: string | null } | null;
  purchase: { feedback: VoucherFeedback; kind: 'buy' | 'resend' | 'cart'; codes: number; mailedTo: string | null; reason?: PurchaseReason | null } | null;
}

export const voucherStore = createStore<VoucherState>()(() => ({ redeem: null, purchase: null }));

export function setVoucherState(patch: Partial<VoucherState>): void {
  voucherStore.setState(patch);
}

export function useVoucherState<T>(selector: (state: VoucherState) => T): T {
  return useStore(voucherStore, selector);
}
