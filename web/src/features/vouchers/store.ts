/** What the voucher dialogs show: the last redemption and the last purchase or resend. */
import { createStore, useStore } from 'zustand';
import type { VoucherFeedback } from './voucher-feedback';

export interface VoucherState {
  redeem: { feedback: VoucherFeedback; subscriptionTypeId: number | null } | null;
  purchase: { feedback: VoucherFeedback; kind: 'buy' | 'resend' | 'cart'; codes: number; mailedTo: string | null } | null;
}

export const voucherStore = createStore<VoucherState>()(() => ({ redeem: null, purchase: null }));

export function setVoucherState(patch: Partial<VoucherState>): void {
  voucherStore.setState(patch);
}

export function useVoucherState<T>(selector: (state: VoucherState) => T): T {
  return useStore(voucherStore, selector);
}
