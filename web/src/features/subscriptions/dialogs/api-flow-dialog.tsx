/**
 * Dialog 'subscription-api-flow': the operator API flow (MSISDN → PIN → result). The dev stage's
 * `sandboxPin` is shown as a hint; a 302 answer navigates to its url; a 401 opens login.
 * A saved card (flow API with an empty body) is one step. An account that has a mobile number (made by it, or given
 * for a plan) is not asked for it again: the PIN goes to that number unless the user chooses another (issue 72 item 8).
 */
import { usePlanById } from '../hooks/use-plan-by-id';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { MessageWithLtr } from '@/components/ui/ltr-text';
import { TextField } from '@/components/ui/text-field';
import { BILL_CODE_MAX_LENGTH, BILL_CODE_PATTERN } from '@/lib/bill-code';
import { useAccountMsisdn } from '@/lib/account-msisdn';
import { formatPhoneNumber } from '@/lib/formatters';
import { encodeFailure } from '@/lib/validation';
import { newIdempotencyKey } from '@/lib/call-result';
import { DialogActions, SubscriptionDialog } from '../components/subscription-dialog';
import { runApiFlowStep } from '../flow';
import { usePlanFormat } from '../hooks/use-plan-format';
import { planTitle } from '../plan-attributes';
import { useSubscriptionStore } from '../store';

const MSISDN = /^\d{8,15}$/;
const PIN = BILL_CODE_PATTERN;  // the portal's 4-digit PIN or the operator's own code

type Step = { step: 'MSISDN' } | { step: 'PIN'; hint: string | null };

function ApiFlowForm() {
  const planById = usePlanById();
  const { t } = useTranslation();
  const { lang } = usePlanFormat();
  const apiFlow = useSubscriptionStore((state) => state.flow.apiFlow);
  const [step, setStep] = useState<Step>({ step: 'MSISDN' });
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const known = useAccountMsisdn();
  const [otherNumber, setOtherNumber] = useState(false);
  if (!apiFlow) return null;
  const { option, typeId } = apiFlow;
  const plan = planById(typeId);
  const operator = option.code !== 'card';
  const knownNumber = operator && step.step === 'MSISDN' && known !== null && !otherNumber ? known : null;

  const send = async (body: { msisdn: string } | { pin: string } | Record<string, never>) => {
    setBusy(true);
    setError(null);
    try {
      const result = await runApiFlowStep(typeId, option, body, newIdempotencyKey());
      if (result.kind === 'next') {
        setStep({ step: 'PIN', hint: result.hint });
        setValue('');
      } else if (result.kind === 'invalid') {
        // The account's number refused: the user types one.
        if (result.error === 'INVALID_MSISDN') setOtherNumber(true);
        setError(
          result.error === 'INVALID_MSISDN'
            ? 'subscription.apiFlow.invalidMsisdn'
            : result.triesLeft !== null
              ? encodeFailure({ key: 'subscription.apiFlow.invalidPinTries', params: { count: result.triesLeft } })
              : 'subscription.apiFlow.invalidPin',
        );
      }
    } catch (failure) {
      console.error('API flow step failed', failure);
      setError('subscription.apiFlow.failed');
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const digits = value.replace(/\s+/g, '');
    if (!operator) return void send({});
    if (knownNumber) return void send({ msisdn: knownNumber });
    if (step.step === 'MSISDN') {
      if (!MSISDN.test(digits)) return setError('subscription.apiFlow.invalidMsisdn');
      return void send({ msisdn: digits });
    }
    if (!PIN.test(digits)) return setError('subscription.apiFlow.invalidPin');
    return void send({ pin: digits });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      {plan && <p className="font-semibold">{planTitle(plan, lang)}</p>}
      {!operator ? (
        <p className="text-sm text-muted">{t('subscription.apiFlow.savedCard')}</p>
      ) : knownNumber ? (
        <p className="text-sm" data-testid="known-msisdn">
          <MessageWithLtr message={(number) => t('subscription.apiFlow.knownNumber', { number })} value={formatPhoneNumber(knownNumber, lang)} />
        </p>
      ) : step.step === 'MSISDN' ? (
        <TextField
          label={t('subscription.apiFlow.msisdnLabel')}
          hint={t('subscription.apiFlow.msisdnHelp')}
          name="msisdn"
          inputMode="numeric"
          autoComplete="tel"
          dir="ltr"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={error ?? undefined}
        />
      ) : (
        <>
          <p className="text-sm">{t('subscription.apiFlow.pinSent')}</p>
          {step.hint && (
            <p className="rounded-lg border border-dashed border-accent px-3 py-2 text-sm" data-testid="sandbox-pin">
              {t('subscription.apiFlow.pinHint', { pin: step.hint })}
            </p>
          )}
          <TextField
            label={t('subscription.apiFlow.pinLabel')}
            name="pin"
            inputMode="numeric"
            autoComplete="one-time-code"
            dir="ltr"
            maxLength={BILL_CODE_MAX_LENGTH}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={error ?? undefined}
          />
        </>
      )}
      {(!operator || knownNumber) && error && <p className="text-sm text-red-700 dark:text-red-300" role="alert">{t('subscription.apiFlow.failed')}</p>}
      <DialogActions>
        {operator && (step.step === 'PIN' || knownNumber) && (
          <Button variant="ghost" disabled={busy} onClick={() => { setStep({ step: 'MSISDN' }); setOtherNumber(true); setValue(''); setError(null); }}>
            {t('subscription.apiFlow.back')}
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? t('subscription.loading') : operator && step.step === 'MSISDN' ? t('subscription.apiFlow.send') : t('subscription.apiFlow.confirm')}
        </Button>
      </DialogActions>
    </form>
  );
}

export function ApiFlowDialog() {
  const { t } = useTranslation();
  const apiFlow = useSubscriptionStore((state) => state.flow.apiFlow);
  return (
    <SubscriptionDialog name="subscription-api-flow" title={t('subscription.apiFlow.title')} description={apiFlow?.option.name}>
      {/* Keyed by option: a new flow starts at its first step. */}
      <ApiFlowForm key={apiFlow?.option.uuid ?? 'none'} />
    </SubscriptionDialog>
  );
}
