/**
 * One plan (GET/PUT /backend/admin/plans/{id}): its form (components/plan-editor.tsx), and beside it
 * "Change price" (new checkouts at once, renewals from a chosen date, subscribers mailed) and "Retire"
 * with a successor.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatNumber } from '@/lib/formatters';
import { Notice, PageHeader } from '@/admin/components/fields';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { mayEditPlans, mayPricePlans } from '@/admin/lib/roles';
import { PlanEditor } from './components/plan-editor';
import { PriceChange } from './components/price-change';
import { RetirePlan } from './components/retire-plan';
import { planCalls, type AdminPlan } from './plans-api';
import { planLabel } from './plans-form';
import { planKeys } from './plan-keys';

export default function PlanEditPage() {
  const { t, lang } = useAdminI18n();
  const { api, tenant, me } = useConsole();
  const params = useParams();
  const id = Number(params.id);
  const queryClient = useQueryClient();
  const key = planKeys.detail(tenant, id);
  const listKey = planKeys.list(tenant);
  const plan = useQuery({ queryKey: key, queryFn: () => planCalls.read(api, id), enabled: Number.isInteger(id) && id > 0 });
  const all = useQuery({ queryKey: listKey, queryFn: () => planCalls.list(api) });
  const [notice, setNotice] = useState<string | null>(null);
  const update = (saved: AdminPlan, text: string) => {
    queryClient.setQueryData(key, saved);
    void queryClient.invalidateQueries({ queryKey: listKey, exact: true });
    setNotice(text);
  };
  return (
    <>
      <p className="mb-2">
        <Link to="/plans" className="text-sm font-semibold text-primary underline-offset-2 hover:underline">
          {t('plans.back')}
        </Link>
      </p>
      <PageHeader title={plan.data ? t('plans.editTitle', { name: planLabel(plan.data, lang) }) : t('plans.title')} intro={t('plans.editIntro')} />
      {notice && (
        <div className="mb-4">
          <Notice tone="success">{notice}</Notice>
        </div>
      )}
      {plan.isPending || all.isPending ? (
        <p role="status" className="text-muted">
          {t('loading')}
        </p>
      ) : plan.data && all.data ? (
        <div className="flex flex-col gap-6">
          {mayPricePlans(me.role) ? (
            <>
              <PriceChange key={`price-${plan.data.version}`} plan={plan.data} onChanged={(p, notices) => update(p, t('plans.priceChanged', { count: notices }))} />
              <RetirePlan key={`retire-${plan.data.version}`} plan={plan.data} all={all.data} onRetired={(p) => update(p, t('plans.retiredDone'))} />
            </>
          ) : (
            <p className="text-muted" data-testid="plans-price-roles">{t('plans.priceRoles')}</p>
          )}
          {!mayEditPlans(me.role) && <p className="text-muted" data-testid="plans-text-roles">{t('plans.textRoles')}</p>}
          <PlanEditor
            readOnly={!mayEditPlans(me.role)}
            key={plan.data.version}
            plan={plan.data}
            all={all.data}
            onSaved={(saved) => update(saved, t('plans.saved', { version: formatNumber(saved.version, lang) }))}
            onReload={() => {
              setNotice(null);
              void queryClient.invalidateQueries({ queryKey: key });
            }}
          />
        </div>
      ) : (
        <Notice tone="error">{t('plans.notFound')}</Notice>
      )}
    </>
  );
}
