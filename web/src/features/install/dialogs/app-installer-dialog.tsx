/** The `app-installer` dialog (commerce §2, §4): install the tenant's site as an app. */
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { DialogShell } from '@/components/ui/dialog-shell';
import { useDialog } from '@/lib/dialogs';
import { usePortalStore } from '@/lib/store';
import { canOfferInstall, promptInstall, useInstall } from '../install-store';

export function AppInstallerDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useDialog('app-installer');
  const installable = useInstall(canOfferInstall);
  const name = usePortalStore((state) => (typeof state.configs.displayName === 'string' ? state.configs.displayName : ''));

  const install = async () => {
    setOpen(false);
    await promptInstall();
  };

  return (
    <DialogShell
      open={open && installable}
      onOpenChange={setOpen}
      title={t('install.title', { name })}
      description={t('install.text', { name })}
      closeLabel={t('install.close')}
    >
      <ul className="flex flex-col gap-2 text-sm text-muted">
        <li>{t('install.pointHome')}</li>
        <li>{t('install.pointOffline')}</li>
      </ul>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => setOpen(false)}>
          {t('install.notNow')}
        </Button>
        <Button onClick={() => void install()}>{t('install.install')}</Button>
      </div>
    </DialogShell>
  );
}
