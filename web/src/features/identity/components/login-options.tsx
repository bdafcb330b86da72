/**
 * How to sign in, per the tenant (global settings loginOptions and features): e-mail (hosted
 * sign-in), the mobile operator (network sign-in) and the partner's sign-in; plus registration.
 */
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { HandshakeIcon, MailIcon, PhoneIcon } from '@/components/ui/menu-icons';
import { closeDialog } from '@/lib/dialogs';
import { usePortalStore, type LoginOption } from '@/lib/store';
import { useSignIn } from '../hooks/use-sign-in';
import { holdOperatorSignIn, offOperatorNetwork } from '../operator-network';

const OPTION_CLASS =
  'flex w-full items-center gap-3 rounded-xl border border-border bg-bg px-4 py-3 text-start font-semibold text-text transition-colors hover:border-primary hover:text-primary focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-60';

export function LoginOptions({ target }: { target?: string }) {
  const { t } = useTranslation();
  const options = usePortalStore((state) => state.loginOptions);
  const { signIn, register, partnerSignIn } = useSignIn(target);
  const [busy, setBusy] = useState<LoginOption | null>(null);
  const [partnerFailed, setPartnerFailed] = useState(false);

  const startPartner = () => {
    setBusy('partner');
    setPartnerFailed(false);
    partnerSignIn().catch((error: unknown) => {
      console.error('Partner sign-in failed', error);
      setPartnerFailed(true);
      setBusy(null);
    });
  };

  // Off the operator network the operator cannot recognise the subscriber (operator-network.ts).
  const startOperator = () => {
    if (offOperatorNetwork()) {
      closeDialog('login-options');
      holdOperatorSignIn(() => signIn('operator'));
      return;
    }
    setBusy('operator');
    signIn('operator');
  };

  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-2">
        {options.includes('email') && (
          <li>
            <button type="button" className={OPTION_CLASS} disabled={busy !== null} onClick={() => { setBusy('email'); signIn('email'); }}>
              <MailIcon className="shrink-0 text-primary" />
              {t('auth.options.email')}
            </button>
          </li>
        )}
        {options.includes('operator') && (
          <li>
            <button type="button" className={OPTION_CLASS} disabled={busy !== null} onClick={startOperator}>
              <PhoneIcon className="shrink-0 text-primary" />
              {t('auth.options.operator')}
            </button>
          </li>
        )}
        {options.includes('partner') && (
          <li>
            <button type="button" className={OPTION_CLASS} disabled={busy !== null} onClick={startPartner}>
              <HandshakeIcon className="shrink-0 text-primary" />
              {t('auth.options.partner')}
            </button>
          </li>
        )}
      </ul>
      {partnerFailed && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {t('auth.options.partnerError')}
        </p>
      )}
      {busy !== null && !partnerFailed && (
        <p role="status" className="text-sm text-muted">
          {t('auth.redirecting')}
        </p>
      )}
      <p className="flex flex-wrap items-center gap-x-2 border-t border-border pt-4 text-sm text-muted">
        {t('auth.options.noAccount')}
        <button type="button" onClick={register} className="font-semibold text-primary underline-offset-4 hover:underline">
          {t('auth.createAccount')}
        </button>
      </p>
    </div>
  );
}
