/** The cookie settings dialog (Radix), loaded the first time it opens (consent-banner.tsx). */
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button, IconButton } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { OPTIONAL_CATEGORIES, CONSENT_CATEGORIES, type ConsentCategory } from '../consent-cookies';
import { consentStore, useConsent } from '../consent-store';

export function ConsentSettingsDialog() {
  const open = useConsent((state) => state.settingsOpen);
  const setOpen = useConsent((state) => state.setSettingsOpen);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed inset-x-3 top-1/2 z-50 mx-auto max-h-[85vh] max-w-lg -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-surface p-6 text-text shadow-2xl">
          <ConsentSettingsForm />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Mounted each time the dialog opens, so it starts from the recorded choice. */
function ConsentSettingsForm() {
  const { t } = useTranslation();
  const decide = useConsent((state) => state.decide);
  const [selected, setSelected] = useState<ConsentCategory[]>(() => {
    const consent = consentStore.getState().consent;
    return consent.status === 'unset' ? [] : consent.enabled.filter((category) => category !== 'necessary');
  });

  const toggle = (category: ConsentCategory, on: boolean) =>
    setSelected((current) => (on ? [...current.filter((item) => item !== category), category] : current.filter((item) => item !== category)));

  return (
    <>
      <div className="flex items-start justify-between gap-4">
        <Dialog.Title className="text-xl font-bold">{t('consent.title')}</Dialog.Title>
        <Dialog.Close asChild>
          <IconButton label={t('consent.close')} className="-me-2 -mt-2">
            <CloseIcon />
          </IconButton>
        </Dialog.Close>
      </div>
      <Dialog.Description className="mt-1 text-sm text-muted">{t('consent.text')}</Dialog.Description>
      <ul className="mt-4 divide-y divide-border">
        {CONSENT_CATEGORIES.map((category) => {
          const required = category === 'necessary';
          const inputId = `consent-${category}`;
          return (
            <li key={category} className="flex items-start gap-3 py-3">
              <input
                id={inputId}
                type="checkbox"
                className="mt-1 size-4 accent-[var(--color-primary)]"
                checked={required || selected.includes(category)}
                disabled={required}
                onChange={(event) => toggle(category, event.target.checked)}
              />
              <label htmlFor={inputId} className="min-w-0 flex-1">
                <span className="flex items-center gap-2 font-semibold">
                  {t(`consent.categories.${category}.title`)}
                  {required && <span className="rounded-full bg-bg px-2 py-0.5 text-xs font-medium text-muted">{t('consent.alwaysOn')}</span>}
                </span>
                <span className="block text-sm text-muted">{t(`consent.categories.${category}.desc`)}</span>
              </label>
            </li>
          );
        })}
      </ul>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => decide([])}>
          {t('consent.decline')}
        </Button>
        <Button variant="secondary" onClick={() => decide(selected)}>
          {t('consent.save')}
        </Button>
        <Button onClick={() => decide(OPTIONAL_CATEGORIES)}>{t('consent.accept')}</Button>
      </div>
    </>
  );
}
