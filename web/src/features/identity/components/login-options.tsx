/**
 * How to sign in, per the tenant (global settings loginOptions and features): e-mail (hosted
 * sign-in), the mobile operator (network sign-in) and the partner's sign-in; plus registration. A partner tenant
 * offers the ways its partner defines, in its order and words (hooks/use-partner-login-options.ts).
 */
import { useState, type ComponentType } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { HandshakeIcon, MailIcon, PhoneIcon } from '@/components/ui/menu-icons';
import { closeDialog } from '@/lib/dialogs';
import { usePortalStore, type LoginOption } from '@/lib/store';
import { usePartnerLoginOptions } from '../hooks/use-partner-login-options';
import { useSignIn } from '../hooks/use-sign-in';
import { holdOperatorSignIn, offOperatorNetwork } from '../operator-network';

const ICONS: Record<LoginOption, ComponentType<{ className?: string }>> = { email: MailIcon, operator: PhoneIcon, partner: HandshakeIcon };

const OPTION_CLASS =
  'flex w-full items-center gap-3 rounded-xl border border-border bg-bg px-4 py-3 text-start font-semibold text-text transition-colors hover:border-primary hover:text-primary focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-60';

export function LoginOptions({ target }: { target?: string }) {
  const { t } = useTranslation();
  const options = usePortalStore((state) => state.loginOptions);
  // A partner tenant's partner may name its ways in the page's language (its labels are plain text).
  const partnerLogin = usePortalStore((state) => state.partnerLogin);
  // The partner's words are isolated (<bdi>): a Latin label on an Arabic page keeps its own order.
  const labelOf = (option: LoginOption) => {
    const label = partnerLogin?.options.find((o) => o.id === option)?.label;
    return label ? <bdi>{label}</bdi> : t(`auth.options.${option}`);
  };
  usePartnerLoginOptions();
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

  const start: Record<LoginOption, () => void> = {
    email: () => {
      setBusy('email');
      signIn('email');
    },
    operator: startOperator,
    partner: startPartner,
  };

  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-2">
        {options.map((option) => {
          const Icon = ICONS[option];
          return (
            <li key={option}>
              <button type="button" className={OPTION_CLASS} disabled={busy !== null} onClick={start[option]} data-option={option}>
                <Icon className="shrink-0 text-primary" />
                {labelOf(option)}
              </button>
            </li>
          );
        })}
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
