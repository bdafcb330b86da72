/** "Retire": sold no more; subscribers renew onto the successor chosen (or keep renewing on it). */
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { INPUT_CLASS, Notice, Section } from '@/admin/components/fields';
import { errorOf, useConsole } from '@/admin/lib/console-context';
import { failureText } from '@/admin/lib/failure-text';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { SaveOutcome } from '@/admin/lib/outcome';
import { planCalls, type AdminPlan, type AdminPlans } from '../plans-api';
import { planLabel } from '../plans-form';

export function RetirePlan({ plan, all, onRetired }: { plan: AdminPlan; all: AdminPlans; onRetired: (plan: AdminPlan) => void }) {
  const { t, lang } = useAdminI18n();
  const { api } = useConsole();
  const [successor, setSuccessor] = useState('');
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const candidates = all.plans.filter((p) => p.id !== plan.id && p.state !== 'RETIRED');
  const retire = async () => {
    if (!window.confirm(t('plans.confirmRetire', { name: planLabel(plan, lang) }))) return;
    setBusy(true);
    setOutcome(null);
    try {
      onRetired(await planCalls.retire(api, plan.id, { version: plan.version, successorId: successor === '' ? null : Number(successor) }));
    } catch (error) {
      const { code } = errorOf(error);
      setOutcome({ tone: 'error', text: code === 'PLAN_VERSION_CONFLICT' ? t('plans.conflict') : failureText(t, error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title={t('plans.retire')}>
      {plan.state === 'RETIRED' && (
        <div className="mb-3">
          <Notice tone="info">
            {plan.successorId
              ? t('plans.retiredWith', { successor: planLabel(all.plans.find((p) => p.id === plan.successorId) ?? plan, lang) })
              : t('plans.retiredAlone')}
          </Notice>
        </div>
      )}
      <p className="mb-3 text-sm text-muted">{t('plans.retireHint')}</p>
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-successor`} className="text-sm font-semibold">
            {t('plans.successor')}
          </label>
          <select id={`${id}-successor`} className={INPUT_CLASS} value={successor} onChange={(e) => setSuccessor(e.target.value)}>
            <option value="">{t('plans.noSuccessor')}</option>
            {candidates.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {planLabel(p, lang)}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" disabled={busy} onClick={() => void retire()}>
          {plan.state === 'RETIRED' ? t('plans.updateRetirement') : t('plans.retireButton')}
        </Button>
      </div>
      {outcome && (
        <div className="mt-3">
          <Notice tone={outcome.tone}>{outcome.text}</Notice>
        </div>
      )}
    </Section>
  );
}
