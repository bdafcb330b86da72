/**
 * The 'external-redirect' dialog (portal §3 "external redirect disclaimer"): a link to another site, where the
 * tenant asks first, says where it leads (its host, left to right in every language) in the operator's words or
 * the storefront's, and opens it in a new tab only on "Continue".
 */
import { Button } from '@/components/ui/button';
import { DialogShell } from '@/components/ui/dialog-shell';
import { closeDialog, useDialog } from '@/lib/dialogs';
import { disclaimerWords, useLeavingHref } from '@/lib/external-redirect';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import { useTranslation } from '@/lib/use-translation';

function hostOf(href: string): string {
  try {
    return new URL(href).host;
  } catch {
    return href;
  }
}

export function ExternalRedirectDialog() {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const [open, setOpen] = useDialog('external-redirect');
  const href = useLeavingHref();
  const site = usePortalStore((state) => (typeof state.configs.displayName === 'string' ? state.configs.displayName : ''));
  const words = disclaimerWords(lang);
  const close = () => closeDialog('external-redirect');
  const go = () => {
    if (href) window.open(href, '_blank', 'noopener,noreferrer');
    close();
  };
  return (
    <DialogShell open={open} onOpenChange={setOpen} title={t('dialogs.externalRedirect.title', { site })} closeLabel={t('dialogs.close')}>
      <div data-dialog="external-redirect" className="flex flex-col gap-4">
        <p className="whitespace-pre-line">{words === '' ? t('dialogs.externalRedirect.text', { site }) : words}</p>
        {href && (
          <p className="text-sm text-muted">
            {t('dialogs.externalRedirect.destination')}{' '}
            <bdi dir="ltr" className="font-semibold text-text" data-testid="external-redirect-host">
              {hostOf(href)}
            </bdi>
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            {t('dialogs.externalRedirect.stay')}
          </Button>
          <Button onClick={go}>{t('dialogs.externalRedirect.continue')}</Button>
        </div>
      </div>
    </DialogShell>
  );
}
