/**
 * One of a plan's other attributes (commerce §3), by its name (issue 73 item 5): the key picked from the known keys
 * named in the console's language (plans.keys), or typed as another key; its value edited as the key needs it — a
 * list of texts (ment_category) as a list, a badge (ment_best_value, ment_default) as a checkbox, an order as a
 * number, an address left to right, a note as text.
 */
import { useState } from 'react';
import { Controller, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, INPUT_CLASS, SELECT_CLASS } from '@/admin/components/fields';
import { ListEditor } from '@/admin/components/list-editor';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { listFromText } from '@/admin/lib/text-list';
import { isKnownKey, KEY_KINDS, KNOWN_KEYS, type PlanFormValues } from '../plans-form';

const OTHER = '*';

export function AttributeRow({ index, control, register, errors, onRemove }: { index: number; control: Control<PlanFormValues>; register: UseFormRegister<PlanFormValues>; errors: FieldErrors<PlanFormValues>; onRemove: () => void }) {
  const { t } = useAdminI18n();
  const key = useWatch({ control, name: `attributes.${index}.key` });
  const [other, setOther] = useState(() => key !== '' && !isKnownKey(key));
  const known = isKnownKey(key) && !other ? key : null;
  const kind = known ? KEY_KINDS[known] : 'text';
  const keyError = errors.attributes?.[index]?.key?.message;
  const valueError = errors.attributes?.[index]?.value?.message;
  return (
    <div className="grid items-start gap-x-4 rounded-xl border border-border p-3 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto]" data-attribute-row={index}>
      <div className="flex min-w-0 flex-col">
        <Controller
          control={control}
          name={`attributes.${index}.key`}
          render={({ field }) => (
            <Field label={t('plans.key')} error={other ? undefined : keyError}>
              {(f) => (
                <select
                  {...f}
                  className={SELECT_CLASS}
                  value={other ? OTHER : field.value}
                  onChange={(e) => {
                    const chosen = e.target.value;
                    setOther(chosen === OTHER);
                    field.onChange(chosen === OTHER ? '' : chosen);
                  }}
                >
                  <option value="">{t('plans.chooseKey')}</option>
                  {KNOWN_KEYS.map((k) => (
                    <option key={k} value={k}>
                      {t(`plans.keys.${k}`)}
                    </option>
                  ))}
                  <option value={OTHER}>{t('plans.otherKey')}</option>
                </select>
              )}
            </Field>
          )}
        />
        {other && (
          <Field label={t('plans.keyName')} hint={t('plans.keyNameHint')} error={keyError}>
            {(f) => <input {...f} dir="ltr" className={INPUT_CLASS} {...register(`attributes.${index}.key`)} />}
          </Field>
        )}
      </div>
      {kind === 'list' ? (
        <Controller
          control={control}
          name={`attributes.${index}.value`}
          render={({ field }) => <ListEditor legend={t('plans.value')} items={listFromText(field.value)} onChange={(items) => field.onChange(JSON.stringify(items))} error={valueError} />}
        />
      ) : kind === 'flag' ? (
        <Controller
          control={control}
          name={`attributes.${index}.value`}
          render={({ field }) => (
            <label className="flex min-h-11 items-center gap-3 md:mt-7">
              <input type="checkbox" className="size-5" checked={field.value === '1'} onChange={(e) => field.onChange(e.target.checked ? '1' : '0')} />
              {t('plans.flagOn')}
            </label>
          )}
        />
      ) : (
        <Field label={t('plans.value')} error={valueError}>
          {(f) => <input {...f} dir={kind === 'text' ? undefined : 'ltr'} inputMode={kind === 'number' ? 'numeric' : undefined} className={INPUT_CLASS} {...register(`attributes.${index}.value`)} />}
        </Field>
      )}
      <Button variant="ghost" className="md:mt-7" onClick={onRemove}>
        {t('plans.remove')}
      </Button>
    </div>
  );
}
