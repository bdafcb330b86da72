/**
 * The tenant's settings (GET/PUT /backend/admin/settings): one form, one save bar, a live preview.
 * The form does not check what the server checks: a field the server refuses (400 VALIDATION_ERROR with
 * data.field and data.reason, its one error shape) shows the server's reason at that field, opened and
 * focused, and the save bar says the save was refused; a save on a stale
 * version (409 SETTINGS_VERSION_CONFLICT) says so and offers the current settings.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { Notice, PageHeader, SaveBar } from '@/admin/components/fields';
import { errorOf, useConsole } from '@/admin/lib/console-context';
import { ltrIsolated } from '@/lib/formatters';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { SaveOutcome } from '@/admin/lib/outcome';
import { ColorsSection } from './components/colors-section';
import { DisclaimerSection, FlagsSection } from './components/flags-section';
import { GeneralSection } from './components/general-section';
import { RedirectsSection } from './components/redirects-section';
import { EntrySections } from './components/settings-entries';
import { settingsCalls, type Settings } from './settings-api';
import { booleanFlags, formFieldOf, toFormValues, toSettingsBody, type SettingsFormValues } from './settings-form';
import { settingsKeys } from './settings-keys';

function SettingsEditor({ base, onSaved, onReload }: { base: Settings; onSaved: (saved: Settings) => void; onReload: () => void }) {
  const { t } = useAdminI18n();
  const { api } = useConsole();
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const form = useForm<SettingsFormValues>({ defaultValues: toFormValues(base), mode: 'onBlur', reValidateMode: 'onChange' });
  const { handleSubmit, setError, clearErrors } = form;
  const flags = Object.keys(booleanFlags(base.features));
  const saveTexts = { label: t('settings.saveBar'), unsaved: t('settings.saveBar'), clean: t('settings.saveBarClean'), reload: t('settings.loadCurrent'), discard: t('settings.discard'), save: t('settings.save'), saving: t('settings.saving') };
  // After the render that opens the panel holding the field.
  const focusLater = (field: string) => setTimeout(() => form.setFocus(field as FieldPath<SettingsFormValues>));
  const fieldError = (field: string, message: string) => setError(field as FieldPath<SettingsFormValues>, { type: 'server', message });

  const save = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const saved = await settingsCalls.save(api, toSettingsBody(base, values));
      onSaved(saved);
    } catch (error) {
      const { code, data } = errorOf(error);
      if (code === 'SETTINGS_VERSION_CONFLICT') {
        setOutcome({ tone: 'error', text: t('settings.conflict', { version: typeof data.version === 'number' ? data.version : '?' }), reload: true });
      } else if (code === 'HOST_TAKEN') {
        setError('hosts', { type: 'server', message: t('settings.hostTaken') }, { shouldFocus: true });
        setOutcome({ tone: 'error', text: t('settings.invalid') });
      } else if (code === 'VALIDATION_ERROR' && typeof data.field === 'string') {
        // The server's own words (English), kept left to right inside a message of any direction.
        const reason = typeof data.reason === 'string' ? data.reason : '';
        const field = formFieldOf(data.field, values);
        if (field) {
          fieldError(field, t('validation.server', { reason: ltrIsolated(reason) }));
          focusLater(field);
        }
        setOutcome({ tone: 'error', text: field ? t('settings.invalid') : t('validation.server', { reason: ltrIsolated(`${data.field} ${reason}`) }) });
      } else {
        setOutcome({ tone: 'error', text: t('loadFailed') });
      }
    }
  });

  return (
    <form
      noValidate
      onSubmit={(e) => {
        clearErrors();  // the server's messages stay until the next save
        void save(e);
      }}
      className="flex flex-col gap-6 pb-28"
    >
      <GeneralSection form={form} base={base} />
      <ColorsSection form={form} />
      <FlagsSection form={form} flags={flags} />
      <DisclaimerSection form={form} />
      <EntrySections form={form} />
      <RedirectsSection form={form} />

      <SaveBar form={form} texts={saveTexts} outcome={outcome} onReload={onReload} onDiscarded={() => setOutcome(null)} />
    </form>
  );
}

export default function SettingsPage() {
  const { t } = useAdminI18n();
  const { api, tenant } = useConsole();
  const queryClient = useQueryClient();
  const key = settingsKeys.all(tenant);
  const settings = useQuery({ queryKey: key, queryFn: () => settingsCalls.read(api) });
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  return (
    <>
      <PageHeader title={t('settings.title')} intro={t('settings.intro')} />
      {savedVersion !== null && (
        <div className="mb-4">
          <Notice tone="success">{t('settings.saved', { version: savedVersion })}</Notice>
        </div>
      )}
      {settings.isPending ? (
        <p role="status" className="text-muted">{t('loading')}</p>
      ) : settings.data ? (
        <SettingsEditor
          key={settings.data.version}
          base={settings.data}
          onSaved={(saved) => {
            queryClient.setQueryData(key, saved);
            setSavedVersion(saved.version);
          }}
          onReload={() => {
            setSavedVersion(null);
            void queryClient.invalidateQueries({ queryKey: key });
          }}
        />
      ) : (
        <Notice tone="error">{t('loadFailed')}</Notice>
      )}
    </>
  );
}
