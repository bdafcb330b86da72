/** A new batch: what it grants (a plan or a voucher product), how many codes, their validity and a note. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, INPUT_CLASS, Notice, TEXTAREA_CLASS } from '@/admin/components/fields';
import { errorOf, useConsole } from '@/admin/lib/console-context';
import type { AdminKey, Translate } from '@/admin/lib/i18n';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { errorText } from '../voucher-format';
import { MAX_BATCH_COUNT, MAX_NOTE_LENGTH, batchBody, batchFormErrors, dayFrom, type BatchFormValues } from '../vouchers';
import { voucherCalls, type VoucherBatchCreated, type VoucherChoices } from '../vouchers-api';
import { voucherKeys } from '../voucher-keys';

function grantOptions(choices: VoucherChoices | undefined, t: Translate): { plans: { value: string; label: string }[]; products: { value: string; label: string }[] } {
  return {
    plans: (choices?.plans ?? []).map((p) => ({ value: `plan:${p.id}`, label: t('vouchers.planOption', { name: p.name, id: p.id }) })),
    products: (choices?.products ?? []).map((p) => ({ value: `product:${p.id}`, label: t('vouchers.productOption', { title: p.title, count: p.periods }) })),
  };
}

export function NewBatchForm({ onMinted }: { onMinted: (created: VoucherBatchCreated) => void }) {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const queryClient = useQueryClient();
  const choices = useQuery({ queryKey: voucherKeys.choices(tenant, lang), queryFn: () => voucherCalls.choices(api, lang) });
  const [failure, setFailure] = useState<string | null>(null);
  const today = useMemo(() => dayFrom(new Date(), 0), []);
  const { register, handleSubmit, formState, setError } = useForm<BatchFormValues>({
    defaultValues: { grants: '', count: '10', validFrom: '', validUntil: '', note: '' },
    mode: 'onBlur',
  });
  const options = grantOptions(choices.data, t);
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const errors = batchFormErrors(values);
    const fields = Object.entries(errors) as [keyof BatchFormValues, string][];
    if (fields.length > 0) {
      for (const [field, reason] of fields) setError(field, { type: 'client', message: t(`vouchers.errors.${reason}` as AdminKey, { max: MAX_BATCH_COUNT, length: MAX_NOTE_LENGTH }) }, { shouldFocus: field === fields[0]?.[0] });
      return;
    }
    try {
      const created = await voucherCalls.mint(api, batchBody(values));
      await queryClient.invalidateQueries({ queryKey: voucherKeys.batches(tenant) });
      onMinted(created);
    } catch (error) {
      const { code, data } = errorOf(error);
      const text = errorText(t, error);
      const field = typeof data.field === 'string' ? data.field : '';
      const reason = typeof data.reason === 'string' ? data.reason : '';
      const target: keyof BatchFormValues | null = field === 'typeId' || field === 'productId' ? 'grants' : field === 'count' || field === 'validFrom' || field === 'validUntil' || field === 'note' ? field : null;
      if (code === 'VALIDATION_ERROR' && target) setError(target, { type: 'server', message: reason ? `${text} (${reason})` : text }, { shouldFocus: true });
      setFailure(text);
    }
  });
  const err = formState.errors;
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid grid-cols-1 items-start gap-x-4 md:grid-cols-2" aria-label={t('vouchers.newBatch')}>
      <Field label={t('vouchers.grants')} error={err.grants?.message} hint={t('vouchers.grantsHint')}>
        {(ids) => (
          <select {...ids} className={INPUT_CLASS} {...register('grants', { validate: (v) => (v ? true : t('vouchers.errors.grants')) })}>
            <option value="">{t('vouchers.choose')}</option>
            {options.plans.length > 0 && (
              <optgroup label={t('vouchers.plansGroup')}>
                {options.plans.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </optgroup>
            )}
            {options.products.length > 0 && (
              <optgroup label={t('vouchers.productsGroup')}>
                {options.products.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        )}
      </Field>
      <Field label={t('vouchers.count')} error={err.count?.message} hint={t('vouchers.countHint', { max: MAX_BATCH_COUNT })}>
        {(ids) => <input {...ids} type="number" inputMode="numeric" min={1} max={MAX_BATCH_COUNT} dir="ltr" className={INPUT_CLASS} {...register('count')} />}
      </Field>
      <Field label={t('vouchers.validFrom')} error={err.validFrom?.message} hint={t('vouchers.validFromHint')}>
        {(ids) => <input {...ids} type="date" min={today} dir="ltr" className={INPUT_CLASS} {...register('validFrom')} />}
      </Field>
      <Field label={t('vouchers.validUntil')} error={err.validUntil?.message} hint={t('vouchers.validUntilHint')}>
        {(ids) => <input {...ids} type="date" min={today} dir="ltr" className={INPUT_CLASS} {...register('validUntil')} />}
      </Field>
      <Field label={t('vouchers.note')} error={err.note?.message} hint={t('vouchers.noteHint', { length: MAX_NOTE_LENGTH })} className="md:col-span-2">
        {(ids) => <textarea {...ids} maxLength={MAX_NOTE_LENGTH + 50} className={TEXTAREA_CLASS} {...register('note')} />}
      </Field>
      <div className="flex flex-col gap-3 md:col-span-2">
        {failure && <Notice tone="error">{failure}</Notice>}
        <div>
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? t('vouchers.minting') : t('vouchers.mint')}
          </Button>
        </div>
      </div>
    </form>
  );
}
