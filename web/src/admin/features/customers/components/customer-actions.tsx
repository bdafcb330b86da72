/**
 * Support's actions on a customer (issue 34 item 3; the slots of UI-CONTRACT.md that the customer
 * page renders): cancel a plan now or at the period's end and comp free days, revoke or grant an
 * article, resend a voucher order's codes, end every session, lift a sign-in lock, send a password
 * or parental-control reset. Each button opens a confirm dialog with a reason (kept in the audit
 * log); errors show by field, the outcome as a notice. Only support, admin, owner and platform
 * administrators see them.
 */
import { useState, type JSX } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DialogShell } from '@/components/ui/dialog-shell';
import { Field, INPUT_CLASS, Notice, TEXTAREA_CLASS } from '@/admin/components/fields';
import { errorOf, useConsole } from '@/admin/lib/console-context';
import { failureText } from '@/admin/lib/failure-text';
import type { AdminKey, Translate } from '@/admin/lib/i18n';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { mayActOnCustomers } from '@/admin/lib/roles';
import { customerActionCalls } from '../customer-actions-api';
import { MAX_COMP_DAYS, MAX_REASON_LENGTH, actionFormErrors, type ActionField, type ActionSpec, type ActionValues } from '../customer-model';

const KNOWN_ERRORS = [
  'VALIDATION_ERROR', 'CUSTOMER_NOT_FOUND', 'NO_SUBSCRIPTION_FOUND', 'SUBSCRIPTION_NOT_ACTIVE', 'CONCURRENT_UPDATE', 'ARTICLE_NOT_FOUND',
  'ALREADY_OWNED', 'PURCHASE_NOT_FOUND', 'PURCHASE_CLOSED', 'ORDER_NOT_FOUND', 'VOUCHER_NOT_FOUND', 'NO_EMAIL', 'PARENTAL_CONTROL_NOT_FOUND',
  'TOO_MANY_REQUESTS',
] as const;

function errorText(t: Translate, error: unknown): string {
  const { code } = errorOf(error);
  const known = KNOWN_ERRORS.find((c) => c === code);
  return known ? t(`customerActions.errors.${known}` as AdminKey) : failureText(t, error);
}

/** One action: its button, and the confirm dialog with the reason (and its other fields). */
function ActionButton({ spec, onSuccess }: { spec: ActionSpec; onSuccess: (notice: string) => void }) {
  const { t } = useAdminI18n();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<ActionValues>({ defaultValues: { reason: '', days: '7', articleId: '' } });
  const key = (part: string) => `customerActions.${spec.name}.${part}` as AdminKey;
  const close = () => {
    setOpen(false);
    setFailure(null);
    reset();
  };
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const errors = Object.entries(actionFormErrors(spec, values)) as [ActionField, AdminKey][];
    if (errors.length > 0) {
      for (const [field, message] of errors) setError(field, { type: 'client', message: t(message, { max: MAX_REASON_LENGTH, days: MAX_COMP_DAYS }) }, { shouldFocus: field === errors[0]?.[0] });
      return;
    }
    try {
      const notice = await spec.run({ reason: values.reason.trim(), days: Number(values.days), articleId: Number(values.articleId) });
      close();
      onSuccess(notice);
    } catch (error) {
      const { code, data } = errorOf(error);
      const text = errorText(t, error);
      const field = data.field;
      if (code === 'VALIDATION_ERROR' && (field === 'reason' || field === 'days' || field === 'articleId')) {
        const reason = typeof data.reason === 'string' ? data.reason : '';
        setError(field, { type: 'server', message: reason ? `${text} (${reason})` : text }, { shouldFocus: true });
      }
      setFailure(text);
    }
  });
  const err = formState.errors;
  return (
    <>
      <Button variant={spec.danger ? 'primary' : 'secondary'} onClick={() => setOpen(true)} className={spec.danger ? 'bg-red-700 text-white dark:bg-red-600' : ''}>
        {t(key('label'))}
      </Button>
      <DialogShell open={open} onOpenChange={(next) => !next && close()} title={t(key('title'))} description={t(key('description'))} closeLabel={t('customerActions.close')}>
        <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-1" aria-label={t(key('title'))}>
          {spec.fields?.includes('articleId') && (
            <Field label={t('customerActions.articleId')} error={err.articleId?.message} hint={t('customerActions.articleIdHint')}>
              {(ids) => <input {...ids} inputMode="numeric" dir="ltr" className={INPUT_CLASS} {...register('articleId')} />}
            </Field>
          )}
          {spec.fields?.includes('days') && (
            <Field label={t('customerActions.days')} error={err.days?.message} hint={t('customerActions.daysHint', { max: MAX_COMP_DAYS })}>
              {(ids) => <input {...ids} type="number" inputMode="numeric" min={1} max={MAX_COMP_DAYS} dir="ltr" className={INPUT_CLASS} {...register('days')} />}
            </Field>
          )}
          <Field label={t('customerActions.reason')} error={err.reason?.message} hint={t(spec.reasonRequired ? 'customerActions.reasonHint' : 'customerActions.reasonOptionalHint')}>
            {(ids) => <textarea {...ids} maxLength={MAX_REASON_LENGTH + 50} className={TEXTAREA_CLASS} {...register('reason')} />}
          </Field>
          {failure && <Notice tone="error">{failure}</Notice>}
          <div className="mt-3 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={close}>
              {t('customerActions.back')}
            </Button>
            <Button type="submit" disabled={formState.isSubmitting} className={spec.danger ? 'bg-red-700 text-white dark:bg-red-600' : ''}>
              {formState.isSubmitting ? t('customerActions.working') : t(key('confirm'))}
            </Button>
          </div>
        </form>
      </DialogShell>
    </>
  );
}

/** A row of actions with the notice of the last one; nothing for roles that may not act. */
function ActionRow({ label, specs, onDone }: { label: string; specs: ActionSpec[]; onDone: () => void }) {
  const { me } = useConsole();
  const [notice, setNotice] = useState<string | null>(null);
  if (!mayActOnCustomers(me.role) || specs.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <div role="group" aria-label={label} className="flex flex-wrap gap-2">
        {specs.map((spec) => (
          <ActionButton
            key={spec.name}
            spec={spec}
            onSuccess={(text) => {
              setNotice(text);
              onDone();
            }}
          />
        ))}
      </div>
      {notice && <Notice tone="success">{notice}</Notice>}
    </div>
  );
}

function useCalls() {
  const { api } = useConsole();
  const { t } = useAdminI18n();
  return { api, t };
}

export function SubscriptionActions(p: { userId: string; subscription: { id: string; status: string; endsAt: string | null }; onDone: () => void }): JSX.Element | null {
  const { api, t } = useCalls();
  const { userId, subscription } = p;
  if (subscription.status.toUpperCase() !== 'ACTIVE') return null;
  const specs: ActionSpec[] = [
    {
      name: 'cancelAtEnd',
      reasonRequired: true,
      run: async ({ reason }) => {
        await customerActionCalls.cancel(api, userId, subscription.id, 'periodEnd', reason);
        return t('customerActions.cancelAtEnd.done');
      },
    },
    {
      name: 'cancelNow',
      reasonRequired: true,
      danger: true,
      run: async ({ reason }) => {
        await customerActionCalls.cancel(api, userId, subscription.id, 'now', reason);
        return t('customerActions.cancelNow.done');
      },
    },
    {
      name: 'comp',
      reasonRequired: true,
      fields: ['days'],
      run: async ({ reason, days }) => {
        await customerActionCalls.comp(api, userId, subscription.id, days, reason);
        return t('customerActions.comp.done', { count: days });
      },
    },
  ];
  return <ActionRow label={t('customerActions.subscriptionGroup')} specs={specs} onDone={p.onDone} />;
}

export function PurchaseActions(p: { userId: string; purchase: { id: string; articleId: string }; onDone: () => void }): JSX.Element | null {
  const { api, t } = useCalls();
  const specs: ActionSpec[] = [
    {
      name: 'revoke',
      reasonRequired: true,
      danger: true,
      run: async ({ reason }) => {
        await customerActionCalls.revoke(api, p.userId, p.purchase.id, reason);
        return t('customerActions.revoke.done', { id: p.purchase.articleId });
      },
    },
  ];
  return <ActionRow label={t('customerActions.purchaseGroup', { id: p.purchase.articleId })} specs={specs} onDone={p.onDone} />;
}

export function GrantArticle(p: { userId: string; onDone: () => void }): JSX.Element | null {
  const { api, t } = useCalls();
  const specs: ActionSpec[] = [
    {
      name: 'grant',
      reasonRequired: true,
      fields: ['articleId'],
      run: async ({ reason, articleId }) => {
        await customerActionCalls.grant(api, p.userId, articleId, reason);
        return t('customerActions.grant.done', { id: articleId });
      },
    },
  ];
  return <ActionRow label={t('customerActions.grantGroup')} specs={specs} onDone={p.onDone} />;
}

export function VoucherOrderActions(p: { userId: string; orderId: string; onDone: () => void }): JSX.Element | null {
  const { api, t } = useCalls();
  const specs: ActionSpec[] = [
    {
      name: 'resend',
      reasonRequired: false,
      run: async ({ reason }) => {
        const resent = await customerActionCalls.resendVouchers(api, p.userId, p.orderId, reason);
        return t('customerActions.resend.done', { count: resent.codes, to: resent.mailedTo });
      },
    },
  ];
  return <ActionRow label={t('customerActions.voucherGroup')} specs={specs} onDone={p.onDone} />;
}

export function AccountActions(p: { userId: string; onDone: () => void }): JSX.Element | null {
  const { api, t } = useCalls();
  const { userId } = p;
  const specs: ActionSpec[] = [
    {
      name: 'endSessions',
      reasonRequired: false,
      danger: true,
      run: async ({ reason }) => t('customerActions.endSessions.done', { count: (await customerActionCalls.endSessions(api, userId, reason)).ended }),
    },
    {
      name: 'liftLock',
      reasonRequired: false,
      run: async ({ reason }) => {
        await customerActionCalls.liftSignInLock(api, userId, reason);
        return t('customerActions.liftLock.done');
      },
    },
    {
      name: 'passwordReset',
      reasonRequired: false,
      run: async ({ reason }) => t('customerActions.passwordReset.done', { to: (await customerActionCalls.passwordReset(api, userId, reason)).mailedTo }),
    },
    {
      name: 'parentalReset',
      reasonRequired: false,
      run: async ({ reason }) => t('customerActions.parentalReset.done', { to: (await customerActionCalls.parentalReset(api, userId, reason)).mailedTo }),
    },
  ];
  return <ActionRow label={t('customerActions.accountGroup')} specs={specs} onDone={p.onDone} />;
}
