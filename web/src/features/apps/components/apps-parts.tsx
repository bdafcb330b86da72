/** Small parts of the apps pages: the sign-in prompt, the status badge, the list of requested access, the copy field. */
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { openDialog } from '@/lib/dialogs';
import { isAppScope } from '../types';

export function SignInPrompt({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <p className="text-lg text-muted">{text}</p>
      <Button onClick={() => openDialog('login-options')}>{t('apps.signInButton')}</Button>
    </div>
  );
}

export function StatusBadge({ status: value }: { status: string }) {
  const { t } = useTranslation();
  const status = value === 'paused' ? 'paused' : 'active';
  const tone = status === 'active' ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200' : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200';
  return <span className={`inline-flex shrink-0 items-center rounded-full px-3 py-0.5 text-sm font-semibold ${tone}`}>{t(`apps.status.${status}`)}</span>;
}

/** The requested (or granted) access, each with what it lets the app read. */
export function ScopeList({ scopes: given, compact = false }: { scopes: readonly string[]; compact?: boolean }) {
  const { t } = useTranslation();
  const scopes = given.filter(isAppScope);
  if (compact)
    return (
      <ul className="flex flex-wrap gap-2" aria-label={t('apps.scopesLabel')}>
        {scopes.map((scope) => (
          <li key={scope} className="rounded-full border border-border px-3 py-0.5 text-sm">{t(`apps.scopes.${scope}.label`)}</li>
        ))}
      </ul>
    );
  return (
    <ul className="flex flex-col gap-3">
      {scopes.map((scope) => (
        <li key={scope} className="flex items-start gap-3">
          <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-primary" />
          <span className="flex flex-col">
            <span className="font-semibold">{t(`apps.scopes.${scope}.label`)}</span>
            <span className="text-sm text-muted">{t(`apps.scopes.${scope}.description`)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A read-only left-to-right value (an id, a secret, a link) with a copy button. */
export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">{label}</label>
      <div className="flex flex-wrap items-center gap-2">
        <input id={id} readOnly dir="ltr" value={value} data-testid={testId} onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-xl border border-border bg-bg px-3 py-2.5 font-mono text-sm leading-6 text-text" />
        <Button variant="secondary" onClick={() => void copy()}>{copied ? t('apps.copied') : t('apps.copy')}</Button>
      </div>
    </div>
  );
}

/** The client secret, shown once after register or rotation. */
export function SecretPanel({ appId, secret, children }: { appId: string; secret: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex flex-col gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      <p className="font-semibold">{t('apps.secret.once')}</p>
      <CopyField label={t('apps.secret.clientId')} value={appId} testId="app-client-id" />
      <CopyField label={t('apps.secret.clientSecret')} value={secret} testId="app-client-secret" />
      {children}
    </div>
  );
}

