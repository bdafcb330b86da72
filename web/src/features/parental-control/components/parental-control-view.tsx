/**
 * The /parentalControl page's body: whether parental control is on and up to which grading, with
 * the buttons that open the `parental-control` dialog (set up, change, turn off: the parental
 * password first) and the `reset-parental-password` dialog.
 */
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, gradingDirection, gradingLabel } from '@/lib/formatters';
import { openDialog } from '@/lib/dialogs';
import { useCurrentLanguage } from '@/lib/use-language';
import { useParentalControl } from '../api/parental-control';
import { lazyNamedDialog } from '@/components/ui/lazy-named-dialog';

// The dialogs' forms (react-hook-form) load when one first opens, not with the page (issue 77: its script budget).
const setUpDialog = lazyNamedDialog('parental-control', () => import('../dialogs/parental-control-dialog').then((module) => module.ParentalControlDialog));
const resetDialog = lazyNamedDialog('reset-parental-password', () => import('../dialogs/reset-parental-password-dialog').then((module) => module.ResetParentalPasswordDialog));

export function ParentalControlView() {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const account = useParentalControl();
  const data = account.data?.ok ? account.data.data : null;
  // When the page opened: a lock that ended before is not shown.
  const [openedAt] = useState(() => Date.now());

  if (account.isPending) return <Skeleton className="h-48 w-full rounded-2xl" />;
  // A failed read (the call answers its error as a value) or a query fault.
  if (account.isError || !data) {
    return (
      <p role="alert" className="rounded-2xl border border-border bg-surface p-5 text-sm">
        {t('parentalControl.errors.failed')}
      </p>
    );
  }
  const setUp = data.hasPassword;
  const label = gradingLabel(data.maxAgeGroup);
  const lockedUntil = data.lockedUntil ? new Date(data.lockedUntil) : null;
  return (
    <div className="flex flex-col gap-4" data-testid="parental-control" data-active={data.isActive ? 'true' : 'false'}>
      <div className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 sm:p-6">
        <div className="flex flex-wrap items-center gap-3">
          <span
            className={`rounded-full px-3 py-1 text-sm font-bold ${data.isActive ? 'bg-primary text-primary-contrast' : 'border border-border text-muted'}`}
            data-testid="parental-status"
          >
            {data.isActive ? t('parentalControl.statusOn') : t('parentalControl.statusOff')}
          </span>
          {setUp && data.isActive && (
            <span className="text-sm">
              {t('parentalControl.limitLabel')}{' '}
              <strong dir={gradingDirection(label)} data-testid="parental-limit">
                {t(`catalog.grading.${label}`)}
              </strong>
            </span>
          )}
        </div>
        <p className="text-sm text-muted">{setUp ? (data.isActive ? t('parentalControl.explainOn') : t('parentalControl.explainOff')) : t('parentalControl.explainNew')}</p>
        {lockedUntil && lockedUntil.getTime() > openedAt && (
          <p role="status" className="text-sm font-medium text-red-700 dark:text-red-300">
            {t('parentalControl.lockedUntil', { time: formatDate(lockedUntil, lang, { hour: '2-digit', minute: '2-digit' }) })}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => openDialog('parental-control')} onPointerEnter={setUpDialog.preload} onFocus={setUpDialog.preload} data-testid="parental-open">
            {setUp ? t('parentalControl.change') : t('parentalControl.setUp')}
          </Button>
          {setUp && (
            <Button variant="secondary" onClick={() => openDialog('reset-parental-password')} onPointerEnter={resetDialog.preload} onFocus={resetDialog.preload}>
              {t('parentalControl.forgot')}
            </Button>
          )}
        </div>
      </div>
      <setUpDialog.Dialog account={data} />
      {setUp && <resetDialog.Dialog />}
    </div>
  );
}
