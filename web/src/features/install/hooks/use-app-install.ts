/**
 * Install as an app, mounted once by the root shell: registers the service worker once the page
 * has settled, keeps the browser's install offer, and offers the `app-installer` dialog after
 * sign-in (commerce §4: "the app installer dialog opens on login") when the install rule holds:
 * not installed and offered by the browser. Once per browser session.
 */
import { useEffect } from 'react';
import { openDialog } from '@/lib/dialogs';
import { usePortalStore } from '@/lib/store';
import { canOfferInstall, listenForInstall, useInstall } from '../install-store';
import { followPagesOwner } from '../kept-pages';
import { registerServiceWorker, whenSettled } from '../register-service-worker';

export const APP_INSTALLER_OFFERED_KEY = 'portal:app-installer-offered';

// From the first evaluation of the app's code on: the browser's offer may come before React mounts.
if (typeof window !== 'undefined') listenForInstall(window);

/** Whether the dialog should open now: signed in, the rule holds, not offered in this session. */
export function shouldOfferAppInstaller(signedIn: boolean, installable: boolean, offeredBefore: boolean): boolean {
  return signedIn && installable && !offeredBefore;
}

function offeredThisSession(): boolean {
  try {
    return sessionStorage.getItem(APP_INSTALLER_OFFERED_KEY) === '1';
  } catch {
    return true; // no storage: do not risk offering on every page
  }
}

export function useAppInstall(): void {
  const signedIn = usePortalStore((state) => state.role === 'user');
  const installable = useInstall(canOfferInstall);
  const uuid = usePortalStore((state) => (state.role === 'user' ? state.userUuid : null));

  useEffect(() => {
    followPagesOwner(uuid).catch((error: unknown) => console.warn('Kept pages could not be dropped', error));
  }, [uuid]);

  // Once the page has settled, so the worker's precache never competes with the page's start.
  useEffect(() => whenSettled(() => void registerServiceWorker()), []);

  useEffect(() => {
    if (!shouldOfferAppInstaller(signedIn, installable, offeredThisSession())) return;
    try {
      sessionStorage.setItem(APP_INSTALLER_OFFERED_KEY, '1');
    } catch {
      // offered once anyway
    }
    openDialog('app-installer');
  }, [signedIn, installable]);
}
