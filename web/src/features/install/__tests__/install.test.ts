import { afterEach, describe, expect, it, vi } from 'vitest';
import { shouldOfferAppInstaller } from '../hooks/use-app-install';
import { canOfferInstall, installStore, listenForInstall, promptInstall, resetInstall, type BeforeInstallPromptEvent } from '../install-store';

function browserOffer(outcome: 'accepted' | 'dismissed'): BeforeInstallPromptEvent {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  Object.assign(event, { prompt: vi.fn(() => Promise.resolve()), userChoice: Promise.resolve({ outcome, platform: 'web' }) });
  return event;
}

describe('the install prompt rule (portal §4, commerce §4)', () => {
  afterEach(() => resetInstall());

  it('is available only when not installed and the browser has offered installation', () => {
    const offer = browserOffer('accepted');
    expect(canOfferInstall({ installed: false, offer: null })).toBe(false);
    expect(canOfferInstall({ installed: true, offer })).toBe(false);
    expect(canOfferInstall({ installed: true, offer: null })).toBe(false);
    expect(canOfferInstall({ installed: false, offer })).toBe(true);
  });

  it("keeps the browser's offer instead of its own bar, and an installation ends it", () => {
    const stop = listenForInstall(window);
    const offer = browserOffer('accepted');
    window.dispatchEvent(offer);
    expect(offer.defaultPrevented).toBe(true);
    expect(canOfferInstall(installStore.getState())).toBe(true);
    window.dispatchEvent(new Event('appinstalled'));
    expect(installStore.getState()).toEqual({ installed: true, offer: null });
    stop();
  });

  it('accepting means installed; the offer is used once', async () => {
    const offer = browserOffer('accepted');
    installStore.setState({ offer });
    expect(await promptInstall()).toBe('accepted');
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    expect(installStore.getState().installed).toBe(true);
    expect(await promptInstall()).toBe('unavailable');
  });

  it('dismissing leaves it not installed, and without a new offer nothing is offered', async () => {
    installStore.setState({ offer: browserOffer('dismissed') });
    expect(await promptInstall()).toBe('dismissed');
    expect(installStore.getState().installed).toBe(false);
    expect(canOfferInstall(installStore.getState())).toBe(false);
  });

  it('the app-installer dialog: after sign-in, when the rule holds, once a session', () => {
    expect(shouldOfferAppInstaller(true, true, false)).toBe(true);
    expect(shouldOfferAppInstaller(false, true, false)).toBe(false);
    expect(shouldOfferAppInstaller(true, false, false)).toBe(false);
    expect(shouldOfferAppInstaller(true, true, true)).toBe(false);
  });
});
