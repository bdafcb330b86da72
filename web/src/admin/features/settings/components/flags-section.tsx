/** The settings' feature switches (each named and explained where the console knows it) and the external-link disclaimer. */
import { LANGUAGES } from '@/config/languages';
import { Field, Section, TEXTAREA_CLASS } from '@/admin/components/fields';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { isKnownFlag } from '../settings-form';
import type { SettingsForm } from '../settings-form-state';

export function FlagsSection({ form, flags }: { form: SettingsForm; flags: string[] }) {
  const { t } = useAdminI18n();
  const { register } = form;
  return (
    <Section title={t('settings.features')}>
      {flags.length === 0 ? (
        <p className="text-muted">{t('settings.featuresEmpty')}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {flags.map((flag) => (
            <li key={flag}>
              <label data-flag={flag} className="flex h-full cursor-pointer items-start gap-3 rounded-xl border border-border px-3 py-2">
                <input type="checkbox" role="switch" className="mt-0.5 size-5 shrink-0 accent-[var(--color-primary)]" {...register(`flags.${flag}`)} />
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span className="font-semibold">{isKnownFlag(flag) ? t(`settings.flagNames.${flag}`) : flag}</span>
                  {isKnownFlag(flag) && (
                    <>
                      <span className="text-sm text-muted">{t(`settings.flagHints.${flag}`)}</span>
                      <span dir="ltr" className="font-mono text-xs text-muted">
                        {flag}
                      </span>
                    </>
                  )}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function DisclaimerSection({ form }: { form: SettingsForm }) {
  const { t } = useAdminI18n();
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <Section title={t('settings.disclaimer')}>
      <p className="mb-4 text-sm text-muted">{t('settings.disclaimerIntro')}</p>
      <label className="mb-4 flex cursor-pointer items-center gap-3">
        <input type="checkbox" role="switch" className="size-5 accent-[var(--color-primary)]" {...register('disclaimer.enabled')} />
        <span>{t('settings.disclaimerEnabled')}</span>
      </label>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {LANGUAGES.map((language) => (
          <Field key={language.code} label={t('settings.disclaimerText', { language: language.name })} error={errors.disclaimer?.text?.[language.code]?.message}>
            {(ids) => <textarea {...ids} dir={language.dir} rows={3} className={TEXTAREA_CLASS} {...register(`disclaimer.text.${language.code}`)} />}
          </Field>
        ))}
      </div>
    </Section>
  );
}
