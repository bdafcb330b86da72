/**
 * Dialog 'one-time-payment-options': how to pay a single purchase. A web option leaves for the
 * hosted checkout; the operator option asks the mobile number (or, for an account that has one, offers it:
 * issue 72 item 8), then the PIN sent by SMS (the dev stage's sandboxPin shown as a hint), then verifies it
 * (react-hook-form, rules on blur).
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { MessageWithLtr } from '@/components/ui/ltr-text';
import { TextField } from '@/components/ui/text-field';
import { useAccountMsisdn } from '@/lib/account-msisdn';
import { BILL_CODE_MAX_LENGTH } from '@/lib/bill-code';
import { closeDialog } from '@/lib/dialogs';
import { formatPhoneNumber } from '@/lib/formatters';
import { useCurrentLanguage } from '@/lib/use-language';
import { FORM_VALIDATION_MODE, encodeFailure } from '@/lib/validation';
import { newIdempotencyKey } from '@/lib/call-result';
import { oneTimePurchase } from '../api/one-time-purchase';
import { verifyOneTimePin } from '../api/verify-one-time-pin';
import { DialogActions, PurchaseDialog } from '../components/purchase-dialog';
import { afterPurchase, payOnWeb, returnUrl, showResult } from '../flow';
import { MSISDN_PATTERN, PIN_PATTERN, normalizeDigits, pinOutcome } from '../payment-rules';
import { effectAfterPurchase } from '../purchase-types';
import { usePurchaseFlow } from '../store';
import { isPinStep, type OneTimePaymentOption, type PinStep } from '../types';

/** `askNumber`: the user chose to use another number than the account's (the PIN step's "Use another number"). */
function MsisdnForm({ option, onPin, askNumber }: { option: OneTimePaymentOption; onPin: (step: PinStep) => void; askNumber: boolean }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const [key] = useState(newIdempotencyKey);
  const known = useAccountMsisdn();
  const [otherNumber, setOtherNumber] = useState(askNumber);
  const knownNumber = known !== null && !otherNumber ? known : null;
  const { register, handleSubmit, setError, formState } = useForm<{ msisdn: string }>({ ...FORM_VALIDATION_MODE, defaultValues: { msisdn: '' } });
  const [knownFailed, setKnownFailed] = useState(false);
  const submit = handleSubmit(async ({ msisdn }) => {
    const answer = await oneTimePurchase({ paymentOptionUUID: option.paymentOptionUUID, redirectionUrl: returnUrl(), msisdn: knownNumber ?? normalizeDigits(msisdn) }, key);
    if (answer.ok && isPinStep(answer.data)) return onPin(answer.data);
    if (knownNumber) {
      // The account's number refused: the user types one.
      if (answer.code === 'INVALID_MSISDN') setOtherNumber(true);
      else setKnownFailed(true);
      return;
    }
    if (answer.code === 'INVALID_MSISDN') return setError('msisdn', { message: 'purchases.payment.invalidMsisdn' });
    setError('msisdn', { message: 'purchases.payment.failed' });
  });
  return (
    <form className="flex flex-col gap-2" onSubmit={(event) => void submit(event)} noValidate>
      {knownNumber ? (
        <p className="text-sm" data-testid="known-msisdn">
          <MessageWithLtr message={(number) => t('purchases.payment.knownNumber', { number })} value={formatPhoneNumber(knownNumber, lang)} />
        </p>
      ) : (
        <TextField
          label={t('purchases.payment.msisdnLabel')}
          hint={t('purchases.payment.msisdnHelp')}
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          error={formState.errors.msisdn?.message}
          {...register('msisdn', { validate: (value) => MSISDN_PATTERN.test(normalizeDigits(value)) || 'purchases.payment.invalidMsisdn' })}
        />
      )}
      {knownNumber && knownFailed && (
        <p className="text-sm text-red-700 dark:text-red-300" role="alert">
          {t('purchases.payment.failed')}
        </p>
      )}
      <DialogActions>
        {knownNumber && (
          <Button variant="ghost" disabled={formState.isSubmitting} onClick={() => setOtherNumber(true)}>
            {t('purchases.payment.otherNumber')}
          </Button>
        )}
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t('purchases.loading') : t('purchases.payment.sendPin')}
        </Button>
      </DialogActions>
    </form>
  );
}

function PinForm({ step, onBack }: { step: PinStep; onBack: () => void }) {
  const { t } = useTranslation();
  const article = usePurchaseFlow((state) => state.article);
  const [key, setKey] = useState(newIdempotencyKey);
  const { register, handleSubmit, setError, formState } = useForm<{ pin: string }>({ ...FORM_VALIDATION_MODE, defaultValues: { pin: '' } });
  const submit = handleSubmit(async ({ pin }) => {
    if (!article) return;
    const answer = await verifyOneTimePin({ paymentTransactionUuid: step.paymentTransactionUuid, articleId: article.id, pin: normalizeDigits(pin), purchaseToken: step.purchaseToken }, key);
    const outcome = pinOutcome(answer);
    if (outcome.kind === 'invalid-pin') {
      // A new attempt is a new call: a kept 400 is never replayed, but a fresh key says so plainly.
      setKey(newIdempotencyKey());
      setError('pin', { message: outcome.triesLeft !== null ? encodeFailure({ key: 'purchases.payment.invalidPinTries', params: { count: outcome.triesLeft } }) : 'purchases.payment.invalidPin' });
      return;
    }
    closeDialog('one-time-payment-options');
    const purchaseType = answer.data?.purchaseType ?? article.contentType.toUpperCase();
    showResult(outcome.outcome, article.id, purchaseType);
    if (outcome.outcome === 'success') await afterPurchase(article.id, purchaseType, effectAfterPurchase(article.contentType));
  });
  return (
    <form className="flex flex-col gap-2" onSubmit={(event) => void submit(event)} noValidate>
      <p className="text-sm">{t('purchases.payment.pinSent')}</p>
      {step.sandboxPin && (
        <p className="rounded-lg border border-dashed border-accent px-3 py-2 text-sm" data-testid="sandbox-pin">
          {t('purchases.payment.pinHint', { pin: step.sandboxPin })}
        </p>
      )}
      <TextField
        label={t('purchases.payment.pinLabel')}
        inputMode="numeric"
        autoComplete="one-time-code"
        dir="ltr"
        maxLength={BILL_CODE_MAX_LENGTH}
        error={formState.errors.pin?.message}
        {...register('pin', { validate: (value) => PIN_PATTERN.test(normalizeDigits(value)) || 'purchases.payment.invalidPin' })}
      />
      <DialogActions>
        <Button variant="ghost" disabled={formState.isSubmitting} onClick={onBack}>
          {t('purchases.payment.otherNumber')}
        </Button>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t('purchases.loading') : t('purchases.payment.confirm')}
        </Button>
      </DialogActions>
    </form>
  );
}

function PaymentSteps() {
  const { t } = useTranslation();
  const options = usePurchaseFlow((state) => state.paymentOptions);
  const single = usePurchaseFlow((state) => state.single);
  const [chosen, setChosen] = useState<OneTimePaymentOption | null>(options.length === 1 && options[0]?.flow === 'API' ? options[0] : null);
  const [pin, setPin] = useState<PinStep | null>(null);
  const [askNumber, setAskNumber] = useState(false);
  if (chosen && pin) return <PinForm step={pin} onBack={() => { setPin(null); setAskNumber(true); }} />;
  if (chosen) return <MsisdnForm option={chosen} onPin={setPin} askNumber={askNumber} />;
  return (
    <ul className="flex flex-col gap-2">
      {single && <li className="font-semibold">{single.title}</li>}
      {options.map((option) => (
        <li key={option.paymentOptionUUID}>
          <button
            type="button"
            data-testid={`pay-${option.code}`}
            onClick={() => (option.flow === 'WEB' ? payOnWeb(option) : setChosen(option))}
            className="flex w-full flex-col items-start gap-0.5 rounded-xl border border-border p-3 text-start hover:border-primary focus-visible:outline-2 focus-visible:outline-accent"
          >
            <span className="font-semibold">{option.name}</span>
            <span className="text-sm text-muted">{option.flow === 'WEB' ? t('purchases.payment.web') : t('purchases.payment.api')}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function OneTimePaymentDialog() {
  const { t } = useTranslation();
  const options = usePurchaseFlow((state) => state.paymentOptions);
  const transaction = usePurchaseFlow((state) => state.single?.transactionId ?? 'none');
  return (
    <PurchaseDialog name="one-time-payment-options" title={t('purchases.payment.title')}>
      {/* A new purchase starts at the first step. */}
      <PaymentSteps key={`${transaction}-${options.length}`} />
    </PurchaseDialog>
  );
}
