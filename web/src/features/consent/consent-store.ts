import { createStore, useStore } from 'zustand';
import { readConsent, writeConsent, type ConsentCategory, type ConsentState } from './consent-cookies';

interface ConsentStore {
  consent: ConsentState;
  settingsOpen: boolean;
  decide: (optional: readonly ConsentCategory[]) => void;
  setSettingsOpen: (open: boolean) => void;
  reload: () => void;
}

export const consentStore = createStore<ConsentStore>()((set) => ({
  consent: typeof document === 'undefined' ? { status: 'unset' } : readConsent(),
  settingsOpen: false,
  decide: (optional) => set({ consent: writeConsent(optional), settingsOpen: false }),
  setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
  reload: () => set({ consent: readConsent() }),
}));

export function useConsent<T>(selector: (state: ConsentStore) => T): T {
  return useStore(consentStore, selector);
}

/** Opens the consent settings (the footer's "Cookie settings" button). */
export function openConsentSettings(): void {
  consentStore.getState().setSettingsOpen(true);
}
