/**
 * Operator sign-in off the operator network (commerce §2 dialog `wifi-login-not-supported`; the spec
 * does not show its trigger, docs/decisions.md). The operator recognises a subscriber by the mobile
 * network the request comes through (header enrichment), which a Wi-Fi or wired connection cannot
 * give. The browser's Network Information API tells the connection type where it knows it; when it
 * says `wifi` or `ethernet`, an operator sign-in (chosen in the login options, or the automatic one
 * of spec §4 step 8) opens the dialog instead of leaving for the operator. Unknown (most desktop
 * browsers) counts as possibly mobile: the sign-in goes ahead.
 */
import { createStore, useStore } from 'zustand';
import { openDialog } from '@/lib/dialogs';

interface ConnectionLike {
  connection?: { type?: unknown } | null;
}

export function offOperatorNetwork(nav: ConnectionLike | undefined = typeof navigator === 'undefined' ? undefined : (navigator as ConnectionLike)): boolean {
  const type = nav?.connection?.type;
  return type === 'wifi' || type === 'ethernet';
}

/** What "Try anyway" in the dialog does: the operator sign-in that was held back. */
export const operatorAttemptStore = createStore<{ proceed: (() => void) | null }>()(() => ({ proceed: null }));

/** Holds an operator sign-in back and opens `wifi-login-not-supported`. */
export function holdOperatorSignIn(proceed: () => void): void {
  operatorAttemptStore.setState({ proceed });
  openDialog('wifi-login-not-supported');
}

export function useHeldOperatorSignIn(): (() => void) | null {
  return useStore(operatorAttemptStore, (state) => state.proceed);
}
