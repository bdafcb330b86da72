/**
 * The `delete-account` dialog: says what deleting the account does, asks for the current password
 * (an account without one, an operator sign-in, needs a sign-in of the last minutes instead), then
 * ends the session on this device and goes home with a confirmation. Its shell (Radix) loads when it
 * first opens. A wrong password, the throttle and a stale operator sign-in land on the form.
 */
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { LazyDialogShell } from '@/components/ui/lazy-dialog-shell';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { useDialog } from '@/lib/dialogs';
import { showSnackbar } from '@/lib/snackbar';
import { useLocalizePath } from '@/lib/use-language';
import { fieldValidator, FORM_VALIDATION_MODE } from '@/lib/validation';
import { useDeleteAccount } from '../api/my-data';
import { endSession } from '../session';

interface Fields {
  currentPassword: string;
}

type Failure = 'wrong' | 'tooMany' | 'freshSignIn' | 'failed';

function failureOf(error: unknown): Failure {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.code === 'CURRENT_PASSWORD_WRONG') return 'wrong';
  if (error.code === 'FRESH_SIGN_IN_REQUIRED') return 'freshSignIn';
  if (error.status === 429) return 'tooMany';
  return 'failed';
}

export function DeleteAccountDialog({ hasEmail }: { hasEmail: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useDialog('delete-account');
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const home = useLocalizePath()('/');
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm<Fields>({ ...FORM_VALIDATION_MODE, defaultValues: { currentPassword: '' } });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;

  // Each opening starts clean: the message now, the field once the dialog shows.
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) setFailure(null);
  }
  useEffect(() => {
    if (open) reset({ currentPassword: '' });
  }, [open, reset]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await remove.mutateAsync(hasEmail ? { currentPassword: values.currentPassword } : {});
      setOpen(false);
      endSession();
      showSnackbar(t('privacy.deleted'), 'success', 10_000);
      void navigate(home, { replace: true });
    } catch (error) {
      const why = failureOf(error);
      if (why === 'wrong') {
        form.setError('currentPassword', { type: 'server', message: 'privacy.wrongPassword' }, { shouldFocus: true });
        return;
      }
      if (why === 'failed') console.error('Account deletion failed', error);
      setFailure(why);
    }
  });

  return (
    <LazyDialogShell open={open} onOpenChange={setOpen} title={t('privacy.confirmTitle')} description={t('privacy.confirmText')} closeLabel={t('dialogs.close')}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" data-testid="delete-account-form">
        <ul className="list-disc ps-5 text-sm text-muted">
          <li>{t('privacy.consequenceSessions')}</li>
          <li>{t('privacy.consequencePlans')}</li>
          <li>{t('privacy.consequenceKept')}</li>
        </ul>
        {hasEmail && (
          <TextField
            type="password"
            autoComplete="current-password"
            label={t('privacy.currentPassword')}
            error={errors.currentPassword?.message}
            {...form.register('currentPassword', { validate: fieldValidator([{ type: 'required' }]) })}
          />
        )}
        {failure && (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {t(failure === 'tooMany' ? 'privacy.tooMany' : failure === 'freshSignIn' ? 'privacy.freshSignIn' : 'privacy.failed')}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('privacy.cancel')}
          </Button>
          <Button type="submit" disabled={isSubmitting} data-testid="confirm-delete-account" className="bg-red-700 text-white">
            {t('privacy.confirmDelete')}
          </Button>
        </div>
      </form>
    </LazyDialogShell>
  );
}
