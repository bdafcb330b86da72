/**
 * The one dialog manager (DESIGN.md): dialogs open by the spec's names; a route change closes the
 * ones commerce §2 lists (subscribe, decide, login, stories, device not supported, one-time
 * payment, feedback). Dialog components read their open state here; the app renders them.
 */
import { createStore, useStore } from 'zustand';

export type DialogName =
  | 'login-options'
  | 'login-or-sign-up'
  | 'subscribe'
  | 'subscribe-decide'
  | 'stories'
  | 'device-not-supported'
  | 'one-time-payment-options'
  | 'subscription-feedback'
  | 'voucher-feedback'
  | 'payment-options'
  | 'subscription-api-flow'
  | 'end-of-subscription'
  | 'end-of-subscription-redirect'
  | 'cancel-subscription'
  | 'cancel-subscription-v2'
  | 'credit-expiration'
  | 'purchased-popup'
  | 'inactive-subscription'
  | 'identity-fields'
  | 'login-subscription-error'
  | 'partner-subscription'
  // Purchases, vouchers (issue 12).
  | 'purchase-popup'
  | 'purchase-result'
  | 'confirm-purchase'
  | 'single-purchase-confirm'
  | 'redeem'
  | 'redeem-feedback'
  | 'generic-error'
  // Games (issue 13): the HTML iframe, its actions menu, and a game in a window of its own.
  | 'game-html-iframe'
  | 'iframe-game-actions'
  | 'game-window'
  // Engagement (issue 15): rate an article.
  | 'rating'
  // Tournaments (issue 15): register a team or ask to join one.
  | 'tournament-join'
  // Challenges (issue 15): join one.
  | 'challenge-join'
  // Remaining dialogs (issues 15, 16): sharing, the session, operator sign-in and charge, feedback.
  | 'share'
  | 'session-expired'
  | 'wifi-login-not-supported'
  | 'double-opt-in'
  | 'custom-feedback'
  // Install as an app (issue 16): offered after sign-in when the browser offers installation.
  | 'app-installer'
  // Parental control (issue 16): set up or change it, and reset its password by a mailed code.
  | 'parental-control'
  | 'reset-parental-password'
  // Your data (issue 34): delete the account after the password.
  | 'delete-account'
  // A link to another site, where the tenant asks first (issue 47 item 16).
  | 'external-redirect'
  // The tenant's welcome popup on a visitor's first page (settings.popups.welcome).
  | 'welcome';

/** Commerce §4: every subscribe result first closes these (subscription, purchase, payment and partner dialogs). */
export const SUBSCRIPTION_FLOW_DIALOGS: readonly DialogName[] = [
  'subscribe',
  'subscribe-decide',
  'payment-options',
  'one-time-payment-options',
  'subscription-api-flow',
  'end-of-subscription-redirect',
  'identity-fields',
  'partner-subscription',
  'purchase-popup',
  'single-purchase-confirm',
];

/** Closed on every route change (commerce §2). */
export const ROUTE_CLOSED_DIALOGS: ReadonlySet<DialogName> = new Set<DialogName>([
  'subscribe',
  'subscribe-decide',
  'login-options',
  'login-or-sign-up',
  'stories',
  'device-not-supported',
  'one-time-payment-options',
  'subscription-feedback',
  'voucher-feedback',
  'redeem-feedback',
  'custom-feedback',
]);

interface DialogState {
  open: ReadonlySet<DialogName>;
}

export const dialogStore = createStore<DialogState>()(() => ({ open: new Set<DialogName>() }));

export function openDialog(name: DialogName): void {
  dialogStore.setState((state) => ({ open: new Set(state.open).add(name) }));
}

export function closeDialog(name: DialogName): void {
  dialogStore.setState((state) => {
    const open = new Set(state.open);
    open.delete(name);
    return { open };
  });
}

export function closeRouteDialogs(): void {
  dialogStore.setState((state) => ({ open: new Set([...state.open].filter((name) => !ROUTE_CLOSED_DIALOGS.has(name))) }));
}

export function resetDialogs(): void {
  dialogStore.setState({ open: new Set() });
}

/** `[open, setOpen]` for a Radix `Dialog.Root`. */
export function useDialog(name: DialogName): [boolean, (open: boolean) => void] {
  const open = useStore(dialogStore, (state) => state.open.has(name));
  return [open, (next: boolean) => (next ? openDialog(name) : closeDialog(name))];
}
