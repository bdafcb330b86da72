/** "Find a code": a code's state, its batch, order and customer, and "Void code" for one not redeemed. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr-text';
import { INPUT_CLASS, Notice } from '@/admin/components/fields';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { Outcome } from '@/admin/lib/outcome';
import { day, errorText, useLang } from '../voucher-format';
import { voucherCalls, type VoucherCode } from '../vouchers-api';
import { ConfirmVoid } from './batch-parts';
import { voucherKeys } from '../voucher-keys';

const STATES = ['open', 'redeemed', 'voided', 'expired'] as const;

function CodeDetails({ code, onVoided }: { code: VoucherCode; onVoided: (code: VoucherCode) => void }) {
  const { t } = useAdminI18n();
  const lang = useLang();
  const { api, tenant } = useConsole();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const voidCode = useMutation({
    mutationFn: () => voucherCalls.voidCode(api, code.id),
    onSuccess: async (voided) => {
      setConfirming(false);
      onVoided(voided);
      await queryClient.invalidateQueries({ queryKey: voucherKeys.all(tenant) });
    },
    onError: (error) => {
      setConfirming(false);
      setFailure(errorText(t, error));
    },
  });
  const state = STATES.find((s) => s === code.state);
  const rows: [string, ReactNode][] = [
    [t('vouchers.codeState'), <span key="s" data-state={code.state} className="font-semibold">{state ? t(`vouchers.state.${state}`) : code.state}</span>],
    [t('vouchers.validity'), `${day(code.validFrom ?? code.createdAt, lang)} – ${day(code.validUntil, lang)}`],
  ];
  if (code.batchId)
    rows.push([
      t('vouchers.codeBatch'),
      <Link key="b" to={`/vouchers/${encodeURIComponent(code.batchId)}`} className="underline">
        {(code.batchNote ?? '') !== '' ? code.batchNote : <Ltr>{code.batchId}</Ltr>}
      </Link>,
    ]);
  if (code.orderId) rows.push([t('vouchers.codeOrder'), <Ltr key="o">{code.orderId}</Ltr>]);
  if (code.redeemedAt) {
    rows.push([t('vouchers.redeemedAt'), day(code.redeemedAt, lang)]);
    rows.push([t('vouchers.redeemedBy'), <Ltr key="c">{code.customer ?? code.customerId ?? ''}</Ltr>]);
  }
  if (code.voidedAt) {
    rows.push([t('vouchers.voidedAt'), day(code.voidedAt, lang)]);
    rows.push([t('vouchers.voidedBy'), code.voidedBy ? <Ltr key="v">{code.voidedBy}</Ltr> : t('vouchers.voidedByResend')]);
  }
  return (
    <div className="mt-4 flex flex-col gap-3" data-code-id={code.id}>
      <p className="font-semibold">
        {t('vouchers.codeEnding')} <Ltr>…-{code.hint}</Ltr>
      </p>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {failure && <Notice tone="error">{failure}</Notice>}
      {code.state === 'open' || code.state === 'expired' ? (
        <div>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t('vouchers.voidCode')}
          </Button>
        </div>
      ) : null}
      <ConfirmVoid
        open={confirming}
        title={t('vouchers.voidCodeTitle')}
        text={t('vouchers.voidCodeText', { hint: code.hint })}
        busy={voidCode.isPending}
        onConfirm={() => voidCode.mutate()}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}

export function FindCode() {
  const { t } = useAdminI18n();
  const { api } = useConsole();
  const id = useId();
  const [text, setText] = useState('');
  const [found, setFound] = useState<VoucherCode | null>(null);
  const [notice, setNotice] = useState<Outcome | null>(null);
  const find = useMutation({
    mutationFn: (code: string) => voucherCalls.find(api, code),
    onSuccess: (code) => {
      setFound(code);
      setNotice(null);
    },
    onError: (error) => {
      setFound(null);
      setNotice({ tone: 'error', text: errorText(t, error) });
    },
  });
  return (
    <>
      <form
        role="search"
        aria-label={t('vouchers.find')}
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) find.mutate(text.trim());
        }}
      >
        <div className="flex min-w-64 flex-1 flex-col gap-1.5">
          <label htmlFor={id} className="text-sm font-semibold">
            {t('vouchers.findLabel')}
          </label>
          <input id={id} value={text} onChange={(e) => setText(e.target.value)} dir="ltr" autoComplete="off" spellCheck={false} placeholder="ABCD-EFGH-JKLM-NPQR" aria-describedby={`${id}-hint`} className={`${INPUT_CLASS} font-mono uppercase`} />
          <p id={`${id}-hint`} className="text-sm text-muted">
            {t('vouchers.findHint')}
          </p>
        </div>
        <Button type="submit" className="mb-7" disabled={find.isPending}>
          {find.isPending ? t('vouchers.finding') : t('vouchers.findButton')}
        </Button>
      </form>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      {found && (
        <CodeDetails
          key={found.id + found.state}
          code={found}
          onVoided={(voided) => {
            setFound(voided);
            setNotice({ tone: 'success', text: t('vouchers.codeVoided') });
          }}
        />
      )}
    </>
  );
}
