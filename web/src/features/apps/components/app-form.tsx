/**
 * The register / edit form of an app (react-hook-form). Rules of app-rules.ts on blur and change; the
 * server's 400 (naming a field), 409 APP_NAME_TAKEN and APP_NAME_CONFUSABLE (a name that looks like
 * another app's) and 400 APP_NAME_INVISIBLE_CHARACTERS land on the field, other failures above the
 * buttons. `status` shows only when editing.
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { ApiError, errorField } from '@/lib/api-client';
import { decodeFailure, FORM_VALIDATION_MODE, fieldValidator } from '@/lib/validation';
import { APP_RULES, hasInvisibleCharacters, isAppFormField, isHttpsRedirect } from '../app-rules';
import { APP_SCOPES, type AppFields } from '../types';

interface AppFormProps {
  initial?: AppFields;
  editing?: boolean;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (fields: AppFields) => Promise<void>;
}

/** The server's codes about the name, each with its message. */
const NAME_ERRORS: Record<string, string | undefined> = {
  APP_NAME_TAKEN: 'apps.form.errors.nameTaken',
  APP_NAME_CONFUSABLE: 'apps.form.errors.nameConfusable',
  APP_NAME_INVISIBLE_CHARACTERS: 'apps.form.errors.nameInvisible',
};

const EMPTY: AppFields = { name: '', publisher: '', description: '', redirectUri: 'https://', scopes: [] };

export function AppForm({ initial = EMPTY, editing = false, submitLabel, busyLabel, onSubmit }: AppFormProps) {
  const { t } = useTranslation();
  const translate = t as unknown as (key: string, params?: Record<string, string | number>) => string;
  const descriptionId = useId();
  const scopesId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<AppFields>({ ...FORM_VALIDATION_MODE, defaultValues: initial });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit({
        name: values.name.trim(),
        publisher: values.publisher.trim(),
        description: values.description.trim(),
        redirectUri: values.redirectUri.trim(),
        scopes: values.scopes,
        ...(editing ? { status: values.status ?? 'active' } : {}),
      });
    } catch (error) {
      const nameError = error instanceof ApiError ? NAME_ERRORS[error.code ?? ''] : undefined;
      if (nameError) {
        setError('name', { type: 'server', message: nameError }, { shouldFocus: true });
        return;
      }
      if (error instanceof ApiError && error.code === 'APP_LIMIT_REACHED') {
        setFormError('apps.form.errors.limit');
        return;
      }
      const field = errorField(error);
      if (error instanceof ApiError && error.status === 400 && isAppFormField(field)) {
        setError(field, { type: 'server', message: `apps.form.errors.${field}` }, { shouldFocus: field !== 'scopes' && field !== 'status' });
        return;
      }
      console.error('The app could not be saved', error);
      setFormError('apps.form.errors.saveFailed');
    }
  });

  const descriptionError = errors.description?.message ? decodeFailure(errors.description.message) : null;
  const scopesError = errors.scopes?.message ?? errors.scopes?.root?.message;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5" data-testid="app-form">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={t('apps.form.name')} dir="auto" autoComplete="off" maxLength={60} error={errors.name?.message} {...register('name', {
            validate: (value, values) => {
              const rules = fieldValidator(APP_RULES.name)(value, values);
              if (rules !== true) return rules;
              return !hasInvisibleCharacters(value) || 'apps.form.errors.nameInvisible';
            },
          })}
        />
        <TextField label={t('apps.form.publisher')} dir="auto" autoComplete="organization" maxLength={60} error={errors.publisher?.message} {...register('publisher', { validate: fieldValidator(APP_RULES.publisher) })} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={descriptionId} className="text-sm font-semibold">{t('apps.form.description')}</label>
        <textarea
          id={descriptionId}
          rows={4}
          dir="auto"
          maxLength={500}
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={`${descriptionId}-message`}
          className="rounded-xl border border-border bg-bg px-3 py-2 text-base text-text outline-none transition-colors focus:border-primary focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent aria-[invalid=true]:border-red-600 dark:aria-[invalid=true]:border-red-400"
          {...register('description', { validate: fieldValidator(APP_RULES.description) })}
        />
        <p id={`${descriptionId}-message`} role={descriptionError ? 'alert' : undefined} className={`min-h-5 text-sm ${descriptionError ? 'font-medium text-red-700 dark:text-red-300' : 'text-muted'}`}>
          {descriptionError ? translate(descriptionError.key, descriptionError.params) : t('apps.form.descriptionHint')}
        </p>
      </div>
      <TextField
        label={t('apps.form.redirectUri')}
        type="url"
        dir="ltr"
        inputMode="url"
        autoComplete="url"
        hint={t('apps.form.redirectUriHint')}
        error={errors.redirectUri?.message}
        {...register('redirectUri', {
          validate: (value, values) => {
            const rules = fieldValidator(APP_RULES.redirectUri)(value, values);
            if (rules !== true) return rules;
            return isHttpsRedirect(value) || 'apps.form.errors.redirectUri';
          },
        })}
      />
      <fieldset className="flex flex-col gap-3" aria-describedby={`${scopesId}-message`}>
        <legend className="mb-2 text-sm font-semibold">{t('apps.form.scopes')}</legend>
        {APP_SCOPES.map((scope) => (
          <label key={scope} className="flex items-start gap-3 rounded-xl border border-border p-3">
            <input type="checkbox" value={scope} className="mt-1 size-4 accent-[var(--color-primary)]" {...register('scopes', { validate: (value) => value.length > 0 || 'apps.form.errors.scopes' })} />
            <span className="flex flex-col">
              <span className="font-semibold">{t(`apps.scopes.${scope}.label`)}</span>
              <span className="text-sm text-muted">{t(`apps.scopes.${scope}.description`)}</span>
            </span>
          </label>
        ))}
        <p id={`${scopesId}-message`} role={scopesError ? 'alert' : undefined} className="min-h-5 text-sm font-medium text-red-700 dark:text-red-300">
          {scopesError ? translate(scopesError) : ''}
        </p>
      </fieldset>
      {editing && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-semibold">{t('apps.form.status')}</legend>
          {(['active', 'paused'] as const).map((status) => (
            <label key={status} className="flex items-start gap-3">
              <input type="radio" value={status} className="mt-1 size-4" {...register('status')} />
              <span className="flex flex-col">
                <span className="font-semibold">{t(`apps.status.${status}`)}</span>
                <span className="text-sm text-muted">{t(`apps.statusHint.${status}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {formError && (
        <p role="alert" className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {translate(formError)}
        </p>
      )}
      <div>
        <Button type="submit" disabled={isSubmitting}>{isSubmitting ? busyLabel : submitLabel}</Button>
      </div>
    </form>
  );
}
