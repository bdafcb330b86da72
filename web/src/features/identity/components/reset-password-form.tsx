/**
 * /resetpassword?session=…: a new password twice (required, at least 8 characters, confirmed),
 * POST /password/reset. Success offers sign-in; an expired or used link clears the form's errors
 * and offers a new link (the hosted "forgot password" page).
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { TextField } from '@/components/ui/text-field';
import { ApiError, errorField } from '@/lib/api-client';
import { FORM_VALIDATION_MODE, fieldValidator } from '@/lib/validation';
import { useCurrentLanguage, useLocalizePath } from '@/lib/use-language';
import { resetPassword } from '../api/reset-password';
import { useSignIn } from '../hooks/use-sign-in';
import { forgotPasswordUrl, loginReturnUrl } from '../login-urls';
import { PASSWORD_MIN_LENGTH, PASSWORD_RULES } from '../profile-rules';

interface PasswordFields {
  password: string;
  confirmation: string;
}

type Outcome = 'form' | 'done' | 'expired' | 'failed';

/** RESET_SESSION_INVALID (or any 4xx other than a field error): the link is unknown, expired or used. */
function isExpiredSession(error: unknown): boolean {
  return error instanceof ApiError && [400, 401, 404, 410].includes(error.status) && errorField(error) === null;
}

export function ResetPasswordForm({ session }: { session: string | null }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const localize = useLocalizePath();
  const home = localize('/');
  const { signIn } = useSignIn(home);
  const [outcome, setOutcome] = useState<Outcome>(session ? 'form' : 'expired');
  const { register, handleSubmit, clearErrors, setError, formState } = useForm<PasswordFields>({ ...FORM_VALIDATION_MODE, defaultValues: { password: '', confirmation: '' } });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ password }) => {
    if (!session) return;
    try {
      await resetPassword({ session, password });
      setOutcome('done');
    } catch (error) {
      if (isExpiredSession(error)) {
        clearErrors();
        setOutcome('expired');
      } else if (errorField(error) === 'password') {
        setError('password', { type: 'server', message: 'profile.errors.invalidField' }, { shouldFocus: true });
      } else {
        console.error('The password could not be reset', error);
        setOutcome('failed');
      }
    }
  });

  if (outcome === 'done') {
    return (
      <div role="status" className="flex flex-col items-start gap-4">
        <p className="text-lg">{t('resetPassword.success')}</p>
        <Button onClick={() => signIn('email')}>{t('auth.signIn')}</Button>
      </div>
    );
  }

  if (outcome === 'expired') {
    return (
      <div className="flex flex-col items-start gap-4">
        <p role="alert" className="text-lg">
          {t('resetPassword.expired')}
        </p>
        <a href={forgotPasswordUrl(lang, loginReturnUrl(home))} className={buttonClass('primary')}>
          {t('resetPassword.requestNew')}
        </a>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex max-w-md flex-col gap-5">
      <TextField
        label={t('resetPassword.password')}
        type="password"
        autoComplete="new-password"
        hint={t('resetPassword.hint', { count: PASSWORD_MIN_LENGTH })}
        error={errors.password?.message}
        {...register('password', { validate: fieldValidator(PASSWORD_RULES.password) })}
      />
      <TextField
        label={t('resetPassword.confirmation')}
        type="password"
        autoComplete="new-password"
        error={errors.confirmation?.message}
        {...register('confirmation', { validate: fieldValidator(PASSWORD_RULES.confirmation) })}
      />
      {outcome === 'failed' && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {t('resetPassword.failed')}
        </p>
      )}
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {isSubmitting ? t('resetPassword.saving') : t('resetPassword.submit')}
      </Button>
    </form>
  );
}
