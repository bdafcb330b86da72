/**
 * The `reset-parental-password` dialog (commerce §2 dialogs, §5 "a reset passcode flow uses e-mail
 * and a random code"): first it mails the account's address an 8-digit code (POST
 * /parental-control/sendEmail), then the code and a new parental password set it (POST
 * /parental-control/resetPasscode). The code works once and for 15 minutes; a wrong one counts towards
 * the lock-out. react-hook-form.
 */
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { LazyDialogShell } from '@/components/ui/lazy-dialog-shell';
import { Ltr } from '@/components/ui/ltr-text';
import { TextField } from '@/components/ui/text-field';
import { ApiError, errorField } from '@/lib/api-client';
import { useDialog } from '@/lib/dialogs';
import { showSnackbar } from '@/lib/snackbar';
import { decodeFailure, encodeFailure, fieldValidator, FORM_VALIDATION_MODE } from '@/lib/validation';
import { useResetPasscode, useSendResetEmail } from '../api/change-parental-control';
import { parentalFailure } from '../error-text';
import { PASSWORD_RULES } from '../types';

interface Fields {
  randomCode: string;
  password: string;
  confirm: string;
}
const EMPTY: Fields = { randomCode: '', password: '', confirm: '' };
const CODE_RULES = [{ type: 'required' }, { type: 'regex', value: /^\s*\d{8}\s*$/ }] as const;

export function ResetParentalPasswordDialog() {
  const { t } = useTranslation();
  const translate = t as unknown as (key: string, params?: Record<string, string | number>) => string;
  const [open, setOpen] = useDialog('reset-parental-password');
  const send = useSendResetEmail();
  const resetCall = useResetPasscode();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Fields>({ ...FORM_VALIDATION_MODE, defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;

  // Each opening starts at the first step: the state now, the fields once the dialog shows.
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) {
      setFormError(null);
      setSentTo(null);
    }
  }
  useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);

  const sendCode = async () => {
    setFormError(null);
    try {
      const sent = await send.mutateAsync();
      setSentTo(sent.recipient);
    } catch (error) {
      setFormError(encodeFailure(parentalFailure(error)));
    }
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await resetCall.mutateAsync({ randomCode: values.randomCode.trim(), password: values.password });
      showSnackbar(t('parentalControl.reset.done'), 'success');
      setOpen(false);
    } catch (error) {
      const failure = parentalFailure(error);
      if (error instanceof ApiError && (error.code === 'RESET_CODE_INVALID' || errorField(error) === 'randomCode')) {
        form.setError('randomCode', { type: 'server', message: encodeFailure(failure) }, { shouldFocus: true });
        return;
      }
      if (error instanceof ApiError && errorField(error) === 'password') {
        form.setError('password', { type: 'server', message: 'validation.invalid' }, { shouldFocus: true });
        return;
      }
      setFormError(encodeFailure(failure));
    }
  });
  const shown = formError ? decodeFailure(formError) : null;

  return (
    <LazyDialogShell
      open={open}
      onOpenChange={setOpen}
      title={t('parentalControl.reset.title')}
      description={t('parentalControl.reset.description')}
      closeLabel={t('parentalControl.close')}
    >
      {sentTo === null ? (
        <div className="flex flex-col gap-3" data-testid="parental-reset-send">
          <p className="text-sm text-muted">{t('parentalControl.reset.sendHint')}</p>
          {shown && (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {translate(shown.key, shown.params)}
            </p>
          )}
          <div className="flex justify-end gap-3 pt-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              {t('parentalControl.cancel')}
            </Button>
            <Button type="button" onClick={() => void sendCode()} disabled={send.isPending}>
              {t('parentalControl.reset.send')}
            </Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" data-testid="parental-reset-form">
          <p className="text-sm text-muted" role="status">
            {t('parentalControl.reset.sentTo')} <Ltr>{sentTo}</Ltr>
          </p>
          <TextField
            label={t('parentalControl.reset.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            dir="ltr"
            error={errors.randomCode?.message}
            {...form.register('randomCode', { validate: fieldValidator(CODE_RULES) })}
          />
          <TextField type="password" autoComplete="new-password" label={t('parentalControl.newPassword')} error={errors.password?.message} {...form.register('password', { validate: fieldValidator(PASSWORD_RULES) })} />
          <TextField
            type="password"
            autoComplete="new-password"
            label={t('parentalControl.confirmPassword')}
            error={errors.confirm?.message}
            {...form.register('confirm', { validate: fieldValidator([{ type: 'confirmed', field: 'password' }]) })}
          />
          {shown && (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {translate(shown.key, shown.params)}
            </p>
          )}
          <div className="flex flex-wrap justify-between gap-3 pt-2">
            <button type="button" className="text-sm font-semibold text-primary hover:underline" onClick={() => void sendCode()} disabled={send.isPending}>
              {t('parentalControl.reset.sendAgain')}
            </button>
            <Button type="submit" disabled={isSubmitting}>
              {t('parentalControl.reset.submit')}
            </Button>
          </div>
        </form>
      )}
    </LazyDialogShell>
  );
}
