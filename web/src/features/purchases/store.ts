/** The purchase flow's state: the article in question and what each purchase dialog shows. */
import { createStore, useStore } from 'zustand';
import type { ArticleRef, ConsumeEntry, OneTimePaymentOption, OneTimePurchase, PlanChange, PurchaseOption } from './types';
import type { UsedCredits } from '@/lib/used-credits';

export type Intent = 'play' | 'download';

export type { UsedCredits } from '@/lib/used-credits';

export type PurchaseOutcome = 'success' | 'insufficient' | 'pending' | 'declined' | 'cancelled' | 'owned' | 'error';

export interface PurchaseFlowState {
  article: ArticleRef | null;
  intent: Intent;
  /** purchase-popup: the ways to get the article, and the held plan whose credits for it are spent. */
  offers: { purchase: PurchaseOption[]; upgradeTo: PlanChange[]; downgradeTo: PlanChange[]; usedCredits?: UsedCredits | null } | null;
  /** confirm-purchase: the credit that consuming spends. */
  credit: ConsumeEntry | null;
  /** single-purchase-confirm: the opened single purchase. */
  single: OneTimePurchase | null;
  /** one-time-payment-options: the ways to pay it. */
  paymentOptions: OneTimePaymentOption[];
  /** purchase-result. */
  result: {
    outcome: PurchaseOutcome;
    articleId: number | null;
    purchaseType: string | null;
    title: string | null;
    /** A bought game: it starts from the thank-you dialog's button, never over it (issue 30). */
    play?: ArticleRef | null;
  } | null;
  /** generic-error: the status (and code) that failed. */
  failure: { status: number | null; code: string | null } | null;
  /** A game page playing in the media player (audio and video have their own players). */
  playing: { articleId: number; title: string; contentType: string; url: string } | null;
  busy: boolean;
}

export const initialPurchaseFlow: PurchaseFlowState = {
  article: null,
  intent: 'play',
  offers: null,
  credit: null,
  single: null,
  paymentOptions: [],
  result: null,
  failure: null,
  playing: null,
  busy: false,
};

export const purchaseStore = createStore<PurchaseFlowState>()(() => initialPurchaseFlow);

export function setPurchaseFlow(patch: Partial<PurchaseFlowState>): void {
  purchaseStore.setState(patch);
}

export function resetPurchaseFlow(): void {
  purchaseStore.setState(initialPurchaseFlow);
}

export function usePurchaseFlow<T>(selector: (state: PurchaseFlowState) => T): T {
  return useStore(purchaseStore, selector);
}
