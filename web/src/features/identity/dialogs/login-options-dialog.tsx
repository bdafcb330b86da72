/** Dialog 'login-options': the tenant's ways to sign in, returning to the current page. */
import { useTranslation } from '@/lib/use-translation';
import { useDialog } from '@/lib/dialogs';
import { LoginOptions } from '../components/login-options';
import { DialogFrame } from './dialog-frame';

export function LoginOptionsDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useDialog('login-options');
  return (
    <DialogFrame open={open} onOpenChange={setOpen} title={t('auth.options.title')} description={t('auth.options.description')}>
      <LoginOptions />
    </DialogFrame>
  );
}
