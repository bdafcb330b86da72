/** An invitation: the new member's e-mail, role (those this member may grant) and language. */
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { LANGUAGES } from '@/config/languages';
import { Button } from '@/components/ui/button';
import { Field, INPUT_CLASS } from '@/admin/components/fields';
import { errorOf, useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { NoticeTone } from '@/admin/lib/outcome';
import { grantableRoles } from '@/admin/lib/roles';
import { staffCalls } from '../staff-api';
import { staffErrorText } from '../staff-errors';
import { staffKeys } from '../staff-keys';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The invitation as typed. */
type InviteValues = Record<'email' | 'role' | 'language', string>;

export function InviteForm({ onDone }: { onDone: (tone: NoticeTone, text: string) => void }) {
  const { t, lang } = useAdminI18n();
  const { api, me, tenant } = useConsole();
  const queryClient = useQueryClient();
  const roles = grantableRoles(me.role);
  const { register, handleSubmit, formState, reset, setError } = useForm<InviteValues>({ defaultValues: { email: '', role: roles.includes('editor') ? 'editor' : (roles[0] ?? ''), language: lang }, mode: 'onBlur' });
  const submit = handleSubmit(async (values) => {
    try {
      const invited = await staffCalls.invite(api, { email: values.email.trim(), role: values.role, language: values.language });
      reset({ ...values, email: '' });
      await queryClient.invalidateQueries({ queryKey: staffKeys.all(tenant) });
      onDone('success', t(invited.mailed ? 'staff.invited' : 'staff.invitedNotMailed', { email: invited.staff.email }));
    } catch (error) {
      const { code, data } = errorOf(error);
      const text = staffErrorText(t, error);
      if (code === 'STAFF_EXISTS' || (code === 'VALIDATION_ERROR' && data.field === 'email')) setError('email', { type: 'server', message: text }, { shouldFocus: true });
      else if (code === 'ROLE_NOT_ALLOWED' || (code === 'VALIDATION_ERROR' && data.field === 'role')) setError('role', { type: 'server', message: text });
      onDone('error', text);
    }
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid grid-cols-1 items-start gap-x-4 md:grid-cols-[2fr_1fr_1fr_auto]">
      <Field label={t('staff.email')} error={formState.errors.email?.message}>
        {(ids) => <input {...ids} type="email" dir="ltr" autoComplete="off" className={INPUT_CLASS} {...register('email', { validate: (v) => (EMAIL.test(v.trim()) ? true : t('validation.email')) })} />}
      </Field>
      <Field label={t('staff.role')} error={formState.errors.role?.message}>
        {(ids) => (
          <select {...ids} className={INPUT_CLASS} {...register('role')}>
            {roles.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('staff.language')}>
        {(ids) => (
          <select {...ids} className={INPUT_CLASS} {...register('language')}>
            {LANGUAGES.map((language) => (
              <option key={language.code} value={language.code} lang={language.code}>
                {language.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Button type="submit" className="md:mt-7" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('staff.inviting') : t('staff.inviteButton')}
      </Button>
    </form>
  );
}
