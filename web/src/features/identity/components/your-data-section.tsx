/**
 * The profile's "Your data" section (issue 34 item 5): download my data (a JSON file) and delete my
 * account (the `delete-account` dialog, whose code loads when it first opens).
 */
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { openDialog } from '@/lib/dialogs';
import { showSnackbar } from '@/lib/snackbar';
import { useDownloadMyData } from '../api/my-data';
import { lazyNamedDialog } from '@/components/ui/lazy-named-dialog';

// The form (react-hook-form) loads when the dialog first opens, not with the profile page (issue 77: its script budget).
const deleteAccount = lazyNamedDialog('delete-account', () => import('../dialogs/delete-account-dialog').then((module) => module.DeleteAccountDialog));

export function YourDataSection({ hasEmail }: { hasEmail: boolean }) {
  const { t } = useTranslation();
  const download = useDownloadMyData();
  return (
    <section aria-labelledby="your-data-title" className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5" data-testid="your-data">
      <h2 id="your-data-title" className="text-lg font-bold">
        {t('privacy.title')}
      </h2>
      <p className="text-sm text-muted">{t('privacy.intro')}</p>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          disabled={download.isPending}
          data-testid="download-my-data"
          onClick={() =>
            download.mutate(undefined, {
              onSuccess: () => showSnackbar(t('privacy.downloaded'), 'success'),
              onError: () => showSnackbar(t('privacy.downloadFailed'), 'error'),
            })
          }
        >
          {download.isPending ? t('privacy.downloading') : t('privacy.download')}
        </Button>
        <Button variant="secondary" className="text-red-700 dark:text-red-300" data-testid="delete-account" onClick={() => openDialog('delete-account')} onPointerEnter={deleteAccount.preload} onFocus={deleteAccount.preload}>
          {t('privacy.delete')}
        </Button>
      </div>
      <deleteAccount.Dialog hasEmail={hasEmail} />
    </section>
  );
}
