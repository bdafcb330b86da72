/**
 * Dialogs 'session-expired' (a token refresh failed mid-session: session.ts) and
 * 'wifi-login-not-supported' (an operator sign-in off the operator network: operator-network.ts).
 * Rendered with the commerce dialogs (app/commerce-dialogs.tsx).
 */
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { closeDialog, useDialog } from '@/lib/dialogs';
import { usePortalStore } from '@/lib/store';
import { useSignIn } from '../hooks/use-sign-in';
import { useHeldOperatorSignIn } from '../operator-network';
import { DialogFrame } from './dialog-frame';

export function SessionExpiredDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useDialog('session-expired');
  const { signIn } = useSignIn();
  return (
    <DialogFrame open={open} onOpenChange={setOpen} title={t('dialogs.sessionExpired.title')} description={t('dialogs.sessionExpired.text')}>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => setOpen(false)}>
          {t('dialogs.sessionExpired.later')}
        </Button>
        <Button onClick={() => signIn('email')}>{t('dialogs.sessionExpired.signIn')}</Button>
      </div>
    </DialogFrame>
  );
}

export function WifiLoginNotSupportedDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useDialog('wifi-login-not-supported');
  const proceed = useHeldOperatorSignIn();
  const emailOption = usePortalStore((state) => state.loginOptions.includes('email'));
  const { signIn } = useSignIn();
  return (
    <DialogFrame open={open} onOpenChange={setOpen} title={t('dialogs.wifiLogin.title')} description={t('dialogs.wifiLogin.text')}>
      <p className="text-sm text-muted">{t('dialogs.wifiLogin.hint')}</p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:flex-wrap sm:justify-end">
        {proceed && (
          <Button
            variant="secondary"
            onClick={() => {
              closeDialog('wifi-login-not-supported');
              proceed();
            }}
          >
            {t('dialogs.wifiLogin.tryAnyway')}
          </Button>
        )}
        {emailOption ? (
          <Button onClick={() => signIn('email')}>{t('dialogs.wifiLogin.useEmail')}</Button>
        ) : (
          <Button onClick={() => setOpen(false)}>{t('dialogs.ok')}</Button>
        )}
      </div>
    </DialogFrame>
  );
}
