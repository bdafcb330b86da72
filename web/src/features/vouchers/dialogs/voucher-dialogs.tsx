/**
 * Dialogs 'redeem' (enter a code; react-hook-form), 'redeem-feedback' (what the redemption came to)
 * and 'voucher-feedback' (a voucher purchase or resend), with the statuses of commerce §4.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { TextField } from '@/components/ui/text-field';
import { closeDialog, openDialog, useDialog } from '@/lib/dialogs';
import { useLocalizePath } from '@/lib/use-language';
import { FORM_VALIDATION_MODE } from '@/lib/validation';
import { redeemVoucher } from '../api/redeem-voucher';
import { DialogActions, VoucherDialog } from '../components/voucher-dialog';
import { setVoucherState, useVoucherState } from '../store';
import { formatDate } from '@/lib/formatters';
import { useCurrentLanguage } from '@/lib/use-language';
import { VOUCHER_CODE_PATTERN, feedbackOfAnswer, normalizeVoucherCode, redeemReason } from '../voucher-feedback';

function RedeemForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { register, handleSubmit, setError, formState } = useForm<{ code: string }>({ ...FORM_VALIDATION_MODE, defaultValues: { code: '' } });
  const submit = handleSubmit(async ({ code }) => {
    const answer = await redeemVoucher(normalizeVoucherCode(code), null);
    if (answer.status === 429) return setError('code', { message: 'vouchers.redeem.tooMany' });
    if (answer.status === 400 && answer.code === 'VALIDATION_ERROR') return setError('code', { message: 'vouchers.redeem.invalid' });
    const feedback = feedbackOfAnswer(answer);
    if (feedback === 'success') await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'subscriptions' });
    const reason = redeemReason(answer);
    setVoucherState({ redeem: { feedback, subscriptionTypeId: answer.data?.subscriptionTypeId ?? null, reason, endDate: reason === 'extended' ? (answer.data?.subscription.endDate ?? null) : null } });
    closeDialog('redeem');
    openDialog('redeem-feedback');
  });
  return (
    <form className="flex flex-col gap-2" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('vouchers.redeem.label')}
        hint={t('vouchers.redeem.hint')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        dir="ltr"
        error={formState.errors.code?.message}
        {...register('code', {
          validate: (value) => (normalizeVoucherCode(value) === '' ? 'validation.required' : VOUCHER_CODE_PATTERN.test(normalizeVoucherCode(value)) || 'vouchers.redeem.invalid'),
        })}
      />
      <DialogActions>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t('vouchers.loading') : t('vouchers.redeem.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}

export function RedeemDialog() {
  const { t } = useTranslation();
  const [open] = useDialog('redeem');
  return (
    <VoucherDialog name="redeem" title={t('vouchers.redeem.title')} description={t('vouchers.redeem.description')}>
      {/* A fresh form each time it opens. */}
      {open && <RedeemForm />}
    </VoucherDialog>
  );
}

export function RedeemFeedbackDialog() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const lang = useCurrentLanguage();
  const redeem = useVoucherState((state) => state.redeem);
  const feedback = redeem?.feedback ?? 'error';
  // The reason, when there is one, says more than the status (never a false "already redeemed").
  const said = redeem?.reason ?? feedback;
  const date = redeem?.endDate ? formatDate(redeem.endDate, lang, { dateStyle: 'long' }) : '';
  return (
    <VoucherDialog name="redeem-feedback" title={t(`vouchers.feedback.${said}.title`)}>
      <p data-feedback={feedback} data-reason={redeem?.reason ?? undefined}>
        {t(`vouchers.feedback.${said}.redeemText`, { date })}
      </p>
      <DialogActions>
        {feedback === 'success' ? (
          <Link to={localize('/profile/manage')} onClick={() => closeDialog('redeem-feedback')} className={buttonClass('secondary')}>
            {t('vouchers.feedback.manage')}
          </Link>
        ) : feedback !== 'pending' && !redeem?.reason ? (
          <Button variant="secondary" onClick={() => { closeDialog('redeem-feedback'); openDialog('redeem'); }}>
            {t('vouchers.feedback.tryAgain')}
          </Button>
        ) : null}
        <Button onClick={() => closeDialog('redeem-feedback')}>{t('vouchers.ok')}</Button>
      </DialogActions>
    </VoucherDialog>
  );
}

export function VoucherFeedbackDialog() {
  const { t } = useTranslation();
  const purchase = useVoucherState((state) => state.purchase);
  const feedback = purchase?.feedback ?? 'error';
  const said = purchase?.reason ?? feedback;
  const text =
    purchase?.reason
      ? t(`vouchers.feedback.${purchase.reason}.buyText`)
      : feedback === 'success' && purchase?.kind === 'cart'
      ? t('vouchers.feedback.success.cartText')
      : feedback === 'success'
      ? t(purchase?.kind === 'resend' ? 'vouchers.feedback.success.resendText' : 'vouchers.feedback.success.buyText', { count: purchase?.codes ?? 0, email: purchase?.mailedTo ?? '' })
      : t(`vouchers.feedback.${feedback}.buyText`);
  return (
    <VoucherDialog name="voucher-feedback" title={t(`vouchers.feedback.${said}.title`)}>
      <p data-feedback={feedback} data-reason={purchase?.reason ?? undefined}>{text}</p>
      <DialogActions>
        <Button onClick={() => closeDialog('voucher-feedback')}>{t('vouchers.ok')}</Button>
      </DialogActions>
    </VoucherDialog>
  );
}

export function VoucherDialogs() {
  return (
    <>
      <RedeemDialog />
      <RedeemFeedbackDialog />
      <VoucherFeedbackDialog />
    </>
  );
}
