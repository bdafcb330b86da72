/**
 * The areas of the settings the storefront reads besides the named entries (docs/tenants.md "The areas header,
 * footer, cookies and images"): the structures whose links the header and the footer show, the site's
 * description, the consent cookies' names and the placeholder image.
 */
import { useQuery } from '@tanstack/react-query';
import { Field, INPUT_CLASS } from '@/admin/components/fields';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { settingsCalls } from '../settings-api';
import { DEFAULT_CONSENT_COOKIES } from '../settings-form';
import { messageAt, type SettingsForm } from '../settings-form-state';
import { settingsKeys } from '../settings-keys';

type Form = SettingsForm;

/** The header's and the footer's structure: any of the tenant's, the one read kept even while the list loads. */
export function ChromeStructures({ form }: { form: Form }) {
  const { t } = useAdminI18n();
  const { api, tenant } = useConsole();
  const list = useQuery({ queryKey: settingsKeys.structures(tenant), queryFn: () => settingsCalls.structures(api) });
  const names = (list.data ?? []).filter((name) => name !== 'home');
  const options = (current: string) => [...new Set([current, ...names])].sort();
  const select = (name: 'headerStructure' | 'footerStructure', label: string) => {
    const current = form.getValues(name);
    return (
      <Field label={label} error={messageAt(form, name)}>
        {(ids) => (
          <select {...ids} dir="ltr" className={INPUT_CLASS} {...form.register(name)}>
            {options(current).map((structure) => (
              <option key={structure} value={structure}>
                {structure}
              </option>
            ))}
          </select>
        )}
      </Field>
    );
  };
  return (
    <div className="grid grid-cols-1 gap-x-6 gap-y-2 md:grid-cols-2">
      {select('headerStructure', t('settings.headerStructure'))}
      {select('footerStructure', t('settings.footerStructure'))}
    </div>
  );
}

/** The two consent cookies' names; empty is the storefront's own (ncc_c, ncc_e). */
export function ConsentCookies({ form }: { form: Form }) {
  const { t } = useAdminI18n();
  const field = (name: 'consentCookie' | 'enabledCookie', label: string) => (
    <Field label={label} hint={t('settings.cookieDefault', { name: DEFAULT_CONSENT_COOKIES[name] })} error={messageAt(form, name)}>
      {(ids) => (
        <input
          {...ids}
          dir="ltr"
          placeholder={DEFAULT_CONSENT_COOKIES[name]}
          className={INPUT_CLASS}
          {...form.register(name)}
        />
      )}
    </Field>
  );
  return (
    <div className="grid grid-cols-1 gap-x-6 gap-y-2 md:grid-cols-2">
      {field('consentCookie', t('settings.consentCookie'))}
      {field('enabledCookie', t('settings.enabledCookie'))}
    </div>
  );
}
