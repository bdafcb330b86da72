/**
 * The `parental-control` dialog (commerce §2 dialogs): sets parental control up (a parental password
 * twice and the highest grading the profile may see) or changes it (the current parental password
 * first, checked by the server with its lock-out: a child cannot turn it off). react-hook-form; the
 * server's 400 naming a field, a wrong password with the attempts left and the lock land on the form.
 */
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { LazyDialogShell } from '@/components/ui/lazy-dialog-shell';
import { TextField } from '@/components/ui/text-field';
import { ApiError, errorField } from '@/lib/api-client';
import { openDialog, useDialog } from '@/lib/dialogs';
import { showSnackbar } from '@/lib/snackbar';
import { decodeFailure, encodeFailure, fieldValidator, FORM_VALIDATION_MODE } from '@/lib/validation';
import { useSaveParentalControl } from '../api/change-parental-control';
import { AgeGroupPicker } from '../components/age-group-picker';
import { parentalFailure } from '../error-text';
import { PASSWORD_RULES, type ParentalAccount, type ParentalSettings } from '../types';

interface Fields {
  maxAgeGroup: string;
  isActive: boolean;
  password: string;
  confirm: string;
  currentPassword: string;
}

const OPTIONAL_PASSWORD = [{ type: 'minLength', value: 4 }, { type: 'maxLength', value: 64 }] as const;

function defaults(account: ParentalAccount | undefined): Fields {
  const setUp = account?.hasPassword === true;
  return {
    maxAgeGroup: String(setUp ? account.maxAgeGroup : 20),
    isActive: setUp ? account.isActive : true,
    password: '',
    confirm: '',
    currentPassword: '',
  };
}

export function ParentalControlDialog({ account }: { account: ParentalAccount | undefined }) {
  const { t } = useTranslation();
  const translate = t as unknown as (key: string, params?: Record<string, string | number>) => string;
  const [open, setOpen] = useDialog('parental-control');
  const save = useSaveParentalControl();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Fields>({ ...FORM_VALIDATION_MODE, defaultValues: defaults(account) });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;
  const setUp = account?.hasPassword === true;

  // Each opening starts clean: the message now, the fields once the dialog shows.
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) setFormError(null);
  }
  useEffect(() => {
    if (open) reset(defaults(account));
  }, [open, account, reset]);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const settings: ParentalSettings = { maxAgeGroup: Number(values.maxAgeGroup), isActive: setUp ? values.isActive : true };
    if (values.password) settings.password = values.password;
    if (setUp) settings.currentPassword = values.currentPassword;
    try {
      const saved = await save.mutateAsync(settings);
      showSnackbar(t(saved.isActive ? 'parentalControl.savedOn' : 'parentalControl.savedOff'), 'success');
      setOpen(false);
    } catch (error) {
      const failure = parentalFailure(error);
      if (error instanceof ApiError && error.code === 'PARENTAL_PASSWORD_WRONG') {
        form.setError('currentPassword', { type: 'server', message: encodeFailure(failure) }, { shouldFocus: true });
        return;
      }
      const field = errorField(error);
      if (error instanceof ApiError && error.status === 400 && (field === 'password' || field === 'currentPassword')) {
        form.setError(field, { type: 'server', message: 'validation.invalid' }, { shouldFocus: true });
        return;
      }
      if (!(error instanceof ApiError) || error.status >= 500) console.error('Parental control failed', error);
      setFormError(encodeFailure(failure));
    }
  });

  const shown = formError ? decodeFailure(formError) : null;

  return (
    <LazyDialogShell
      open={open}
      onOpenChange={setOpen}
      title={setUp ? t('parentalControl.changeTitle') : t('parentalControl.setUpTitle')}
      description={t('parentalControl.dialogDescription')}
      closeLabel={t('parentalControl.close')}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" data-testid="parental-control-form">
        <AgeGroupPicker legend={t('parentalControl.ageGroup')} field={form.register('maxAgeGroup')} />
        {setUp && (
          <label className="flex items-center gap-3 rounded-xl border border-border px-3 py-2.5 text-sm font-semibold">
            <input type="checkbox" className="size-5 accent-[var(--color-primary)]" {...form.register('isActive')} />
            {t('parentalControl.active')}
          </label>
        )}
        <TextField
          type="password"
          autoComplete="new-password"
          label={setUp ? t('parentalControl.newPasswordOptional') : t('parentalControl.newPassword')}
          error={errors.password?.message}
          {...form.register('password', { validate: fieldValidator(setUp ? OPTIONAL_PASSWORD : PASSWORD_RULES) })}
        />
        <TextField
          type="password"
          autoComplete="new-password"
          label={t('parentalControl.confirmPassword')}
          error={errors.confirm?.message}
          {...form.register('confirm', { validate: fieldValidator([{ type: 'confirmed', field: 'password' }]) })}
        />
        {setUp && (
          <TextField
            type="password"
            autoComplete="current-password"
            label={t('parentalControl.currentPassword')}
            error={errors.currentPassword?.message}
            {...form.register('currentPassword', { validate: fieldValidator([{ type: 'required' }]) })}
          />
        )}
        {shown && (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {translate(shown.key, shown.params)}
          </p>
        )}
        <div className="flex flex-wrap items-center justify-between gap-3 pt-2">
          {setUp ? (
            <button
              type="button"
              className="text-sm font-semibold text-primary hover:underline"
              onClick={() => {
                setOpen(false);
                openDialog('reset-parental-password');
              }}
            >
              {t('parentalControl.forgot')}
            </button>
          ) : (
            <span />
          )}
          <div className="flex gap-3">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              {t('parentalControl.cancel')}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {setUp ? t('parentalControl.save') : t('parentalControl.turnOn')}
            </Button>
          </div>
        </div>
      </form>
    </LazyDialogShell>
  );
}
