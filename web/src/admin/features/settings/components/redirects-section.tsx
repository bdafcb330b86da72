/** The settings' redirects: an old path to a new one, each permanent or not, checked as the server checks them. */
import { useFieldArray } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, INPUT_CLASS, Section } from '@/admin/components/fields';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { SettingsForm } from '../settings-form-state';

export function RedirectsSection({ form }: { form: SettingsForm }) {
  const { t } = useAdminI18n();
  const { register, control, formState } = form;
  const errors = formState.errors;
  const redirects = useFieldArray({ control, name: 'redirects' });
  return (
    <Section title={t('settings.redirects')}>
      <p className="mb-4 text-sm text-muted">{t('settings.redirectsIntro')}</p>
      {redirects.fields.length === 0 && <p className="mb-4 text-muted">{t('settings.redirectsEmpty')}</p>}
      <ol className="flex flex-col gap-3">
        {redirects.fields.map((row, index) => (
          <li key={row.id}>
            <fieldset className="grid min-w-0 grid-cols-1 items-start gap-x-4 rounded-xl border border-border p-3 md:grid-cols-[1fr_1fr_auto_auto]">
              <legend className="px-1 text-sm font-semibold">{t('settings.redirectRule', { number: index + 1 })}</legend>
              <Field label={t('settings.redirectFrom')} error={errors.redirects?.[index]?.from?.message}>
                {(ids) => <input {...ids} dir="ltr" placeholder="/old-path" className={INPUT_CLASS} {...register(`redirects.${index}.from`)} />}
              </Field>
              <Field label={t('settings.redirectTo')} error={errors.redirects?.[index]?.to?.message}>
                {(ids) => <input {...ids} dir="ltr" placeholder="/new-path" className={INPUT_CLASS} {...register(`redirects.${index}.to`)} />}
              </Field>
              <label className="flex h-11 items-center gap-2 md:mt-7">
                <input type="checkbox" className="size-5" {...register(`redirects.${index}.permanent`)} />
                <span className="text-sm">{t('settings.redirectPermanent')}</span>
              </label>
              <Button variant="ghost" className="md:mt-7" onClick={() => redirects.remove(index)}>
                {t('settings.removeRedirect', { number: index + 1 })}
              </Button>
            </fieldset>
          </li>
        ))}
      </ol>
      <Button variant="secondary" className="mt-4" onClick={() => redirects.append({ from: '', to: '', permanent: false })}>
        {t('settings.addRedirect')}
      </Button>
    </Section>
  );
}
