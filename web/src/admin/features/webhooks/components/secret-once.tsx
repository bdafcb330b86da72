/** A signing secret as the server shows it, once (on creation and on rotation): to copy into the receiver now. */
import { Notice } from '@/admin/components/fields';
import { Button } from '@/components/ui/button';
import { useAdminI18n } from '@/admin/lib/i18n-context';

export function SecretOnce({ url, secret, onClose }: { url: string; secret: string; onClose: () => void }) {
  const { t } = useAdminI18n();
  return (
    <Notice tone="info">
      <div className="flex flex-col gap-2" data-testid="webhook-secret">
        <p className="font-medium">
          {t('webhooks.secretTitle')} <bdi dir="ltr">{url}</bdi>
        </p>
        <p>{t('webhooks.secretHint')}</p>
        <code dir="ltr" className="block select-all break-all rounded-lg bg-bg p-2 font-mono text-sm">{secret}</code>
        <div>
          <Button variant="secondary" onClick={onClose}>{t('webhooks.secretDone')}</Button>
        </div>
      </div>
    </Notice>
  );
}
