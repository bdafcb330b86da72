/**
 * The cookie banner (until a decision is made) and the settings dialog (any time). The dialog loads
 * the first time it opens (issue 14); the banner is part of the first paint.
 */
import { Suspense, useEffect } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { lazyPart } from '@/lib/lazy-part';
import { OPTIONAL_CATEGORIES } from '../consent-cookies';
import { consentStore, useConsent } from '../consent-store';

const ConsentSettingsDialog = lazyPart(() => import('./consent-settings-dialog').then((module) => module.ConsentSettingsDialog));

export function ConsentBanner() {
  const { t } = useTranslation();
  const consent = useConsent((state) => state.consent);
  const decide = useConsent((state) => state.decide);
  const setSettingsOpen = useConsent((state) => state.setSettingsOpen);
  // Mounted from the first opening on, so it can close with Radix's own handling afterwards.
  const settingsOpened = useConsent((state) => state.settingsOpened);

  useEffect(() => consentStore.getState().reload(), []);

  return (
    <>
      {consent.status === 'unset' && (
        <section
          role="region"
          aria-labelledby="consent-title"
          data-testid="consent-banner"
          // Above the mini player while one is open (its bar is 5.25rem): its buttons stay usable until the user decides (issue 30).
          className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-3xl rounded-2xl border border-border bg-surface p-5 text-text shadow-2xl sm:inset-x-6 sm:bottom-6 [body:has([data-mini-player])_&]:bottom-24 sm:[body:has([data-mini-player])_&]:bottom-[6.75rem]"
        >
          <h2 id="consent-title" className="text-lg font-bold">
            {t('consent.title')}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('consent.text')}</p>
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <Button onClick={() => decide(OPTIONAL_CATEGORIES)}>{t('consent.acceptAll')}</Button>
            <Button variant="secondary" onClick={() => decide([])}>
              {t('consent.declineAll')}
            </Button>
            <button type="button" className="ms-auto text-sm font-semibold text-primary underline-offset-4 hover:underline" onClick={() => setSettingsOpen(true)}>
              {t('consent.customize')}
            </button>
          </div>
        </section>
      )}
      {settingsOpened && (
        <Suspense fallback={null}>
          <ConsentSettingsDialog />
        </Suspense>
      )}
    </>
  );
}
