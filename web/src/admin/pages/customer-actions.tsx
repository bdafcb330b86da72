/**
 * The actions of the customer's page (owner: helper "actions"; these stubs render nothing until that
 * helper replaces the file): a subscription's cancel and comp, a purchase's revoke, granting an article,
 * resending a voucher order's codes, and the account's (sessions, sign-in lock, reset mails).
 */
import type { JSX } from 'react';

export function SubscriptionActions(p: { userId: string; subscription: { id: string; status: string; endsAt: string | null }; onDone: () => void }): JSX.Element | null {
  void p;
  return null;
}

export function PurchaseActions(p: { userId: string; purchase: { id: string; articleId: string }; onDone: () => void }): JSX.Element | null {
  void p;
  return null;
}

export function GrantArticle(p: { userId: string; onDone: () => void }): JSX.Element | null {
  void p;
  return null;
}

export function VoucherOrderActions(p: { userId: string; orderId: string; onDone: () => void }): JSX.Element | null {
  void p;
  return null;
}

export function AccountActions(p: { userId: string; onDone: () => void }): JSX.Element | null {
  void p;
  return null;
}
