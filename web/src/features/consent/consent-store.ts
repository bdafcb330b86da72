import { createStore, useStore } from 'zustand';
import { readConsent, syncAnalyticsConsent, writeConsent, type ConsentCategory, type ConsentState } from './consent-cookies';

interface ConsentStore {
  consent: ConsentState;
  settingsOpen: boolean;
  /** The settings dialog has opened once (its code is loaded from then on). */
  settingsOpened: boolean;
  decide: (optional: readonly ConsentCategory[]) => void;
  setSettingsOpen: (open: boolean) => void;
  reload: () => void;
}

export const consentStore = createStore<ConsentStore>()((set) => ({
  consent: typeof document === 'undefined' ? { status: 'unset' } : readConsent(),
  settingsOpen: false,
  settingsOpened: false,
  decide: (optional) => set({ consent: writeConsent(optional), settingsOpen: false }),
  setSettingsOpen: (settingsOpen) => set((state) => ({ settingsOpen, settingsOpened: state.settingsOpened || settingsOpen })),
  reload: () => {
    // The cookies are the record; local storage follows them (a cleared storage, another tab).
    const consent = readConsent();
    syncAnalyticsConsent(consent);
    set({ consent });
  },
}));

export function useConsent<T>(selector: (state: ConsentStore) => T): T {
  return useStore(consentStore, selector);
}

/** Opens the consent settings (the footer's "Cookie settings" button). */
export function openConsentSettings(): void {
  consentStore.getState().setSettingsOpen(true);
}
