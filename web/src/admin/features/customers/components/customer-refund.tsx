/**
 * A payment's refund action on the customer page (docs/contracts.md "Refunds"; UI-CONTRACT
 * `PaymentActions`): a "Refund" button opening a dialog with the amount (full or partial, in the
 * currency's major units), the reason and "keep the plan". Shown only to the roles that may refund
 * (finance, admin, owner, platform administrator) and only while something is left to refund.
 * Errors land on their field; the Idempotency-Key makes a retried submit one refund. A voucher order's
 * payment shows its redeemed codes first (the refund's preview): they stay redeemed, so the refund
 * needs "refund anyway" (confirmRedeemed), and the amount proposed is the unredeemed codes' share.
 */
import { useEffect, useState, type JSX } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DialogShell } from '@/components/ui/dialog-shell';
import { formatPrice } from '@/lib/formatters';
import { Field, INPUT_CLASS, Notice, TEXTAREA_CLASS } from '@/admin/components/fields';
import { errorOf, useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { currencyDecimals, toDecimal, toMinor } from '@/admin/lib/money';
import { mayRefund } from '@/admin/lib/roles';
import { customerCalls, type PaymentRefunds, type RefundPayment } from '../customers-api';
import { MAX_REASON_LENGTH, type RefundFormValues } from '../customer-model';

type RefundCodes = NonNullable<PaymentRefunds['codes']>;

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

export function PaymentActions(p: { userId: string; payment: RefundPayment; onDone: () => void }): JSX.Element | null {
  const { me } = useConsole();
  const [open, setOpen] = useState(false);
  const { t } = useAdminI18n();
  const left = p.payment.amount - p.payment.refunded;
  if (!mayRefund(me.role) || p.payment.status !== 'SUCCEEDED' || left <= 0) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('refunds.refund')}
      </Button>
      {open && (
        <RefundDialog
          userId={p.userId}
          payment={p.payment}
          left={left}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            p.onDone();
          }}
        />
      )}
    </>
  );
}

function RefundDialog({ userId, payment, left, onClose, onDone }: { userId: string; payment: RefundPayment; left: number; onClose: () => void; onDone: () => void }) {
  const { t, lang } = useAdminI18n();
  const { api } = useConsole();
  const digits = currencyDecimals(payment.currency);
  const [failure, setFailure] = useState<string | null>(null);
  const [codes, setCodes] = useState<RefundCodes | null>(null);
  // One key per dialog: a retried submit of the same refund is answered once.
  const [key] = useState(newKey);
  const { register, handleSubmit, formState, setError, setValue, control, getFieldState } = useForm<RefundFormValues>({
    defaultValues: { amount: toDecimal(left, digits), reason: '', keepPlan: false, confirmRedeemed: false },
  });
  // A partial refund keeps the plan unless the member says otherwise; a full one ends it (the box, untouched,
  // follows the amount).
  const typed = useWatch({ control, name: 'amount' });
  useEffect(() => {
    if (payment.purpose === 'vouchers' || getFieldState('keepPlan').isDirty) return;  // codes are not a plan
    const minor = toMinor(typed, digits);
    setValue('keepPlan', minor !== null && minor > 0 && minor < left);
  }, [typed, digits, left, setValue, getFieldState, payment.purpose]);
  // A voucher order: what the refund meets (its redeemed codes stay), before anything is sent.
  useEffect(() => {
    if (payment.purpose !== 'vouchers') return;
    let live = true;
    customerCalls.refunds(api, userId, payment.id).then(
      (preview) => {
        if (!live || !preview.codes) return;
        setCodes(preview.codes);
        if (preview.codes.redeemed.length > 0) setValue('amount', toDecimal(Math.min(left, preview.codes.unredeemedAmount), digits));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, userId, payment.id, payment.purpose, left, digits, setValue]);
  const leftText = formatPrice(left, payment.currency, lang, digits);
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const amount = toMinor(values.amount, digits);
    if (amount === null || amount <= 0) {
      setError('amount', { type: 'client', message: t('refunds.errors.amount') }, { shouldFocus: true });
      return;
    }
    if (amount > left) {
      setError('amount', { type: 'client', message: t('refunds.errors.tooMuch', { left: leftText }) }, { shouldFocus: true });
      return;
    }
    const reason = values.reason.trim();
    if (!reason || reason.length > MAX_REASON_LENGTH) {
      setError('reason', { type: 'client', message: t('refunds.errors.reason', { length: MAX_REASON_LENGTH }) }, { shouldFocus: true });
      return;
    }
    try {
      const confirm = codes && codes.redeemed.length > 0 ? { confirmRedeemed: values.confirmRedeemed } : {};
      await customerCalls.refund(api, userId, payment.id, { amount, reason, keepPlan: values.keepPlan, ...confirm }, key);
      onDone();
    } catch (error) {
      const { code, data } = errorOf(error);
      if (code === 'REFUND_EXCEEDS_PAYMENT') {
        const refundable = typeof data.refundable === 'number' ? data.refundable : 0;
        setError('amount', { type: 'server', message: t('refunds.errors.tooMuch', { left: formatPrice(refundable, payment.currency, lang, digits) }) }, { shouldFocus: true });
      } else if (code === 'VALIDATION_ERROR' && data.field === 'amount') {
        setError('amount', { type: 'server', message: t('refunds.errors.amount') }, { shouldFocus: true });
      } else if (code === 'VALIDATION_ERROR' && data.field === 'reason') {
        setError('reason', { type: 'server', message: t('refunds.errors.reason', { length: MAX_REASON_LENGTH }) }, { shouldFocus: true });
      } else if (code === 'PAYMENT_NOT_REFUNDABLE') {
        setFailure(t('refunds.errors.notRefundable'));
      } else if (code === 'VOUCHER_CODES_REDEEMED') {
        setFailure(t('refunds.errors.redeemed'));
      } else if (code === 'REFUND_FAILED') {
        setFailure(t('refunds.errors.failed'));
      } else {
        setFailure(t('refunds.errors.other'));
      }
    }
  });
  const err = formState.errors;
  return (
    <DialogShell open onOpenChange={(next) => !next && onClose()} title={t('refunds.title')} description={t('refunds.description', { left: leftText })} closeLabel={t('refunds.close')}>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-2" aria-label={t('refunds.title')}>
        <Field label={t('refunds.amount', { currency: payment.currency })} error={err.amount?.message} hint={t('refunds.amountHint', { left: leftText })}>
          {(ids) => <input {...ids} inputMode="decimal" dir="ltr" className={INPUT_CLASS} {...register('amount')} />}
        </Field>
        <Field label={t('refunds.reason')} error={err.reason?.message} hint={t('refunds.reasonHint', { length: MAX_REASON_LENGTH })}>
          {(ids) => <textarea {...ids} maxLength={MAX_REASON_LENGTH + 50} className={TEXTAREA_CLASS} {...register('reason')} />}
        </Field>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-1" {...register('keepPlan')} />
          <span>
            <span className="font-semibold">{t('refunds.keepPlan')}</span>
            <span className="block text-muted">{t('refunds.keepPlanHint')}</span>
          </span>
        </label>
        {codes && codes.redeemed.length > 0 && (
          <div className="flex flex-col gap-2">
            <Notice tone="info">
              {t('refunds.redeemed', { redeemed: codes.redeemed.length, total: codes.total, share: formatPrice(codes.unredeemedAmount, payment.currency, lang, digits) })}
            </Notice>
            <ul className="text-sm" aria-label={t('refunds.redeemedList')}>
              {codes.redeemed.map((c) => (
                <li key={`${c.hint}-${c.redeemedAt}`} dir="ltr">
                  …-{c.hint}
                </li>
              ))}
            </ul>
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-1" {...register('confirmRedeemed')} />
              <span className="font-semibold">{t('refunds.confirmRedeemed')}</span>
            </label>
          </div>
        )}
        {failure && <Notice tone="error">{failure}</Notice>}
        <div className="mt-2 flex flex-wrap justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('refunds.cancel')}
          </Button>
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? t('refunds.refunding') : t('refunds.submit')}
          </Button>
        </div>
      </form>
    </DialogShell>
  );
}
