/** The settings' colours, light and dark (a picker and the value), and the storefront previewed in them. */
import { useWatch } from 'react-hook-form';
import { Field, INPUT_CLASS, Section } from '@/admin/components/fields';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { COLOR_NAMES, hexColor, THEMES } from '../settings-form';
import type { SettingsForm } from '../settings-form-state';
import { SettingsPreview } from './settings-preview';

export function ColorsSection({ form }: { form: SettingsForm }) {
  const { t } = useAdminI18n();
  const { register, setValue, control, formState } = form;
  const errors = formState.errors;
  const colors = useWatch({ control, name: 'colors' });
  const logo = useWatch({ control, name: 'logo' });
  const displayName = useWatch({ control, name: 'displayName' });
  return (
    <>
      <Section title={t('settings.colors')}>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          {THEMES.map((theme) => (
            <fieldset key={theme} className="grid min-w-0 grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
              <legend className="mb-2 font-semibold">{t(theme === 'light' ? 'settings.colorsLight' : 'settings.colorsDark')}</legend>
              {COLOR_NAMES.map((name) => {
                const path = `colors.${theme}.${name}` as const;
                const label = t(`settings.colorNames.${name}`);
                return (
                  <Field key={name} label={label} error={errors.colors?.[theme]?.[name]?.message}>
                    {(ids) => (
                      <div className="flex items-center gap-2">
                        <input
                          type="color"
                          aria-label={t('settings.colorPicker', { name: label })}
                          className="h-11 w-12 shrink-0 cursor-pointer rounded-lg border border-border bg-bg p-1"
                          value={hexColor(colors[theme][name]) ?? '#000000'}
                          onChange={(e) => setValue(path, e.target.value, { shouldDirty: true, shouldValidate: true })}
                        />
                        <input {...ids} dir="ltr" className={`${INPUT_CLASS} min-w-0 flex-1`} {...register(path)} />
                      </div>
                    )}
                  </Field>
                );
              })}
            </fieldset>
          ))}
        </div>
      </Section>

      <Section title={t('settings.preview')}>
        <p className="mb-4 text-sm text-muted">{t('settings.previewIntro')}</p>
        <SettingsPreview colors={colors} logo={logo} name={displayName} />
      </Section>
    </>
  );
}
