/**
 * Install as an app (portal §4, commerce §4): the install prompt is available only when the app is
 * not installed and the browser has offered installation (its `beforeinstallprompt` event, kept
 * here instead of the browser's own mini bar); accepting it means installed.
 */
import { createStore, useStore } from 'zustand';

/** Chromium's event (not in the DOM typings): prompt() once, then userChoice tells the outcome. */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export interface InstallState {
  /** The browser's offer, or null (not offered yet, or used). */
  offer: BeforeInstallPromptEvent | null;
  installed: boolean;
}

/** The rule of portal §4. */
export function canOfferInstall(state: InstallState): boolean {
  return !state.installed && state.offer !== null;
}

/** Running as the installed app (its own window) counts as installed. */
export function runsInstalled(win: Window): boolean {
  const standalone = typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches;
  return standalone || (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
}

export const installStore = createStore<InstallState>()(() => ({
  offer: null,
  installed: typeof window !== 'undefined' && runsInstalled(window),
}));

export function useInstall<T>(selector: (state: InstallState) => T): T {
  return useStore(installStore, selector);
}

/** Starts listening for the browser's offer and for an installation (once per window). */
export function listenForInstall(win: Window = window): () => void {
  const onOffer = (event: Event) => {
    event.preventDefault(); // no browser mini bar: the portal offers it (app-installer dialog)
    installStore.setState({ offer: event as BeforeInstallPromptEvent });
  };
  const onInstalled = () => installStore.setState({ installed: true, offer: null });
  win.addEventListener('beforeinstallprompt', onOffer);
  win.addEventListener('appinstalled', onInstalled);
  return () => {
    win.removeEventListener('beforeinstallprompt', onOffer);
    win.removeEventListener('appinstalled', onInstalled);
  };
}

export type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable';

/** Shows the browser's install prompt; an offer can be used once. */
export async function promptInstall(): Promise<InstallOutcome> {
  const state = installStore.getState();
  if (!canOfferInstall(state) || !state.offer) return 'unavailable';
  const offer = state.offer;
  installStore.setState({ offer: null });
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  if (outcome === 'accepted') installStore.setState({ installed: true });
  return outcome;
}

export function resetInstall(): void {
  installStore.setState({ offer: null, installed: false });
}
