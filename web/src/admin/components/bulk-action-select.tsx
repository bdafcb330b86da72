/**
 * The "Action" select of a list's bulk bar (components/bulk-bar.tsx; issue 78 item 3): "Choose an action", then the
 * actions the member's role may use on that list, each named in the console's language. Every list's bar (catalog,
 * plans, customers, voucher codes) uses this one.
 */
import { Field, SELECT_CLASS } from '@/admin/components/fields';
import { useAdminI18n } from '@/admin/lib/i18n-context';

export interface BulkActionSelectProps<A extends string> {
  value: A | '';
  /** The actions this member may use, each with its name. */
  options: readonly { value: A; label: string }[];
  onChange: (action: A | '') => void;
}

export function BulkActionSelect<A extends string>({ value, options, onChange }: BulkActionSelectProps<A>) {
  const { t } = useAdminI18n();
  return (
    <Field label={t('bulk.action')}>
      {(field) => (
        <select
          {...field}
          className={SELECT_CLASS}
          value={value}
          onChange={(e) => onChange(options.find((o) => o.value === e.target.value)?.value ?? '')}
          data-bulk-action=""
        >
          <option value="">{t('bulk.chooseAction')}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
