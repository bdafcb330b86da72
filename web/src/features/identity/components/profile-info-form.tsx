/**
 * Personal information (PUT /user/profile). Rules of spec §5, checked on blur and change; the
 * server's 400 (naming a field) lands on that field; success shows a snackbar for 10 s.
 * A new e-mail address needs the current password (403 CURRENT_PASSWORD_WRONG lands on it) and
 * takes effect only through the link mailed to it: until then the profile's `pendingEmail` says so.
 * Where the tenant offers pictures, the account's picture is chosen here too (avatars.ts).
 */
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { ApiError, errorField } from '@/lib/api-client';
import { showSnackbar } from '@/lib/snackbar';
import { FORM_VALIDATION_MODE, fieldValidator } from '@/lib/validation';
import type { UserProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { avatarOf, useAvatarList, withAvatar } from '../avatars';
import { AvatarPicker } from './avatar-picker';
import { PROFILE_RULES } from '../profile-rules';

interface ProfileFields {
  name: string;
  lastName: string;
  email: string;
  currentPassword: string;
  /** The chosen picture, '' for none. */
  avatar: string;
}

const FIELDS: readonly (keyof ProfileFields)[] = ['name', 'lastName', 'email', 'currentPassword', 'avatar'];

/** The form's field a 400 names (the server names the picture by its place in the profile). */
function formField(field: string | null): keyof ProfileFields | null {
  const name = field === 'userInformation.avatar' ? 'avatar' : field;
  return name !== null && (FIELDS as readonly string[]).includes(name) ? (name as keyof ProfileFields) : null;
}

/** Whether `typed` is another address than the account's (as the server compares: trimmed, lower case). */
function isNewEmail(typed: string, current: string): boolean {
  return typed.trim().toLowerCase() !== current.trim().toLowerCase();
}

function fieldsOf(profile: UserProfile, avatars: readonly string[]): ProfileFields {
  return { name: profile.name, lastName: profile.lastName, email: profile.email, currentPassword: '', avatar: avatarOf(profile, avatars) ?? '' };
}

export function ProfileInfoForm({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const avatars = useAvatarList();
  const [formError, setFormError] = useState(false);
  const { register, handleSubmit, setError, reset, control, formState } = useForm<ProfileFields>({
    ...FORM_VALIDATION_MODE,
    defaultValues: fieldsOf(profile, avatars),
  });
  const { errors, isDirty, isSubmitting } = formState;
  const emailChanging = isNewEmail(useWatch({ control, name: 'email' }), profile.email);

  useEffect(() => {
    reset(fieldsOf(profile, avatars));
  }, [profile, avatars, reset]);

  const submit = handleSubmit(async (values) => {
    setFormError(false);
    const email = values.email.trim();
    const newEmail = isNewEmail(email, profile.email);
    try {
      const saved = await update({
        name: values.name.trim(),
        lastName: values.lastName.trim(),
        email,
        // Its other members go back as they were read.
        userInformation: avatars.length > 0 ? withAvatar(profile.userInformation, values.avatar) : profile.userInformation,
        ...(newEmail ? { currentPassword: values.currentPassword } : {}),
      });
      if (newEmail && saved.pendingEmail) showSnackbar(t('profile.info.savedEmailPending', { email: saved.pendingEmail }), 'success');
      else showSnackbar(t('profile.info.saved'), 'success');
    } catch (error) {
      if (error instanceof ApiError && error.status === 403 && error.code === 'CURRENT_PASSWORD_WRONG') {
        setError('currentPassword', { type: 'server', message: 'profile.errors.currentPasswordWrong' }, { shouldFocus: true });
        return;
      }
      if (error instanceof ApiError && error.status === 429) {
        setError(newEmail ? 'currentPassword' : 'email', { type: 'server', message: 'profile.errors.tooManyAttempts' }, { shouldFocus: true });
        return;
      }
      const field = formField(errorField(error));
      if (error instanceof ApiError && error.status === 400 && field) {
        setError(field, { type: 'server', message: field === 'avatar' ? 'profile.avatar.refused' : 'profile.errors.invalidField' }, { shouldFocus: true });
        return;
      }
      console.error('The profile could not be saved', error);
      setFormError(true);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex max-w-xl flex-col gap-5" aria-describedby={formError ? 'profile-form-error' : undefined}>
      {avatars.length > 0 && <AvatarPicker avatars={avatars} field={register('avatar')} error={errors.avatar?.message} />}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={t('profile.fields.name')} autoComplete="given-name" error={errors.name?.message} {...register('name', { validate: fieldValidator(PROFILE_RULES.name) })} />
        <TextField label={t('profile.fields.lastName')} autoComplete="family-name" error={errors.lastName?.message} {...register('lastName', { validate: fieldValidator(PROFILE_RULES.lastName) })} />
      </div>
      <TextField label={t('profile.fields.email')} type="email" dir="ltr" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email', { validate: fieldValidator(PROFILE_RULES.email) })} />
      {profile.pendingEmail && (
        <p role="status" data-testid="email-pending" className="rounded-xl border border-border bg-bg px-4 py-3 text-sm">
          {t('profile.info.emailPending', { email: profile.pendingEmail })}
        </p>
      )}
      {emailChanging && (
        <TextField
          label={t('profile.fields.currentPassword')}
          type="password"
          dir="ltr"
          autoComplete="current-password"
          hint={t('profile.info.currentPasswordHint')}
          error={errors.currentPassword?.message}
          {...register('currentPassword', { validate: fieldValidator(PROFILE_RULES.currentPassword), shouldUnregister: true })}
        />
      )}
      {formError && (
        <p id="profile-form-error" role="alert" className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {t('profile.errors.saveFailed')}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('profile.info.saving') : t('profile.info.save')}
        </Button>
        <Button variant="secondary" disabled={!isDirty || isSubmitting} onClick={() => reset()}>
          {t('profile.info.cancel')}
        </Button>
      </div>
    </form>
  );
}
