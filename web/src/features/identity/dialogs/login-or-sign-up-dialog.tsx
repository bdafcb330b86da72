/**
 * Dialog 'login-or-sign-up': shown when a guest tries something that needs an account. Sign in
 * goes to the login options when the tenant has several, otherwise straight to the hosted sign-in.
 */
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { openDialog, useDialog } from '@/lib/dialogs';
import { usePortalStore } from '@/lib/store';
import { useSignIn } from '../hooks/use-sign-in';
import { DialogFrame } from './dialog-frame';

export function LoginOrSignUpDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useDialog('login-or-sign-up');
  const severalOptions = usePortalStore((state) => state.loginOptions.length > 1);
  const { signIn, register } = useSignIn();
  const startSignIn = () => {
    if (!severalOptions) {
      signIn('email');
      return;
    }
    setOpen(false);
    openDialog('login-options');
  };
  return (
    <DialogFrame open={open} onOpenChange={setOpen} title={t('auth.loginOrSignUp.title')} description={t('auth.loginOrSignUp.description')}>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button className="flex-1" onClick={startSignIn}>
          {t('auth.signIn')}
        </Button>
        <Button variant="secondary" className="flex-1" onClick={register}>
          {t('auth.createAccount')}
        </Button>
      </div>
    </DialogFrame>
  );
}
