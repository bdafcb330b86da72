/**
 * Plans (GET /backend/admin/plans): the tenant's subscription types in the console's grid — name,
 * group and level, price, state and subscribers — each opening its editor; a new plan and a copy of
 * one are a click away. Content editors and above.
 */
import { createColumnHelper, type RowSelectionState } from '@tanstack/react-table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { formatNumber, formatPrice } from '@/lib/formatters';
import { DataTable } from '@/admin/components/data-table';
import { Notice, PageHeader, Section } from '@/admin/components/fields';
import { useConsole } from '@/admin/lib/console-context';
import { selectedIds } from '@/admin/lib/bulk-job';
import { mayEditPlans, mayPricePlans } from '@/admin/lib/roles';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { NewPlan } from './components/new-plan';
import { PlansBulk } from './components/plans-bulk';
import { PaymentOptionsSection } from './components/payment-options-section';
import { CamaraAccountSection } from './components/camara-account-section';
import { StripeAccountSection } from './components/stripe-account-section';
import { planCalls, type AdminPlan } from './plans-api';
import { CYCLES, planLabel } from './plans-form';
import { planKeys } from './plan-keys';

const column = createColumnHelper<AdminPlan>();

export default function PlansPage() {
  const { t, lang } = useAdminI18n();
  const { api, tenant, me } = useConsole();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const key = planKeys.list(tenant);
  const plans = useQuery({ queryKey: key, queryFn: () => planCalls.list(api) });
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  // Plans picked for a bulk retirement (finance, admins, owners: those who may retire one).
  const [picked, setPicked] = useState<RowSelectionState>({});
  const mayRetire = mayPricePlans(me.role);

  const open = async (make: () => Promise<AdminPlan>) => {
    setBusy(true);
    setFailed(false);
    try {
      const plan = await make();
      await queryClient.invalidateQueries({ queryKey: key });
      void navigate(`/plans/${plan.id}`);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  // Seven days is a week: a plan written "P7D" (the demo's weekly video) reads as "Every week".
  const cycleName = (written: string) => {
    const cycle = written === 'P7D' ? 'P1W' : written;
    return (CYCLES as readonly string[]).includes(cycle) ? t(`plans.cycles.${cycle as (typeof CYCLES)[number]}`) : written;
  };
  const columns = [
    column.accessor('id', { header: t('plans.id'), cell: (info) => <span className="tabular-nums">{formatNumber(info.getValue(), lang, { useGrouping: false })}</span> }),
    column.accessor((plan) => planLabel(plan, lang), {
      id: 'name',
      header: t('plans.name'),
      cell: (info) => (
        <Link to={`/plans/${info.row.original.id}`} className="font-semibold text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-accent">
          {info.getValue()}
        </Link>
      ),
    }),
    column.accessor((plan) => plan.groupId ?? '', {
      id: 'group',
      header: t('plans.group'),
      cell: (info) => {
        const plan = info.row.original;
        if (!plan.groupId) return <span className="text-muted">{t('plans.noGroup')}</span>;
        const group = plans.data?.groups.find((g) => g.id === plan.groupId);
        return `${group?.name ?? plan.groupId} · ${t('plans.levelN', { level: formatNumber(plan.level + 1, lang) })}`;
      },
    }),
    column.accessor((plan) => plan.price.amount, {
      id: 'price',
      header: t('plans.price'),
      cell: (info) => {
        const plan = info.row.original;
        return (
          <span className="tabular-nums">
            {t('plans.pricePerCycle', { price: formatPrice(plan.price.amount, plan.price.currency, lang), cycle: cycleName(plan.billingCycle) })}
            {plan.promotionPrice && <span className="block text-sm text-muted">{t('plans.promotionShort', { price: formatPrice(plan.promotionPrice.amount, plan.promotionPrice.currency, lang) })}</span>}
          </span>
        );
      },
    }),
    column.accessor('state', {
      header: t('plans.state'),
      cell: (info) => (
        <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${info.getValue() === 'RETIRED' ? 'bg-bg text-muted' : 'bg-primary text-primary-contrast'}`}>
          {info.getValue() === 'RETIRED' ? t('plans.retired') : t('plans.active')}
        </span>
      ),
    }),
    column.accessor('subscribers', { header: t('plans.subscribers'), cell: (info) => <span className="tabular-nums">{formatNumber(info.getValue(), lang)}</span> }),
    column.display({
      id: 'actions',
      header: t('plans.actions'),
      enableSorting: false,
      cell: (info) => (
        <Button variant="secondary" disabled={busy} onClick={() => void open(() => planCalls.duplicate(api, info.row.original.id))}>
          {t('plans.duplicate')}
        </Button>
      ),
    }),
  ];

  return (
    <>
      <PageHeader title={t('plans.title')} intro={t('plans.intro')} />
      {failed && (
        <div className="mb-4">
          <Notice tone="error">{t('plans.actionFailed')}</Notice>
        </div>
      )}
      <Section title={t('plans.list')}>
        {plans.data && mayEditPlans(me.role) && (
          <div className="mb-4">
            <NewPlan
              currency={plans.data.currency !== '' ? plans.data.currency : (plans.data.plans[0]?.price.currency ?? 'EUR')}
              onCreated={async (plan) => {
                await queryClient.invalidateQueries({ queryKey: key });
                void navigate(`/plans/${plan.id}`);
              }}
            />
          </div>
        )}
        {plans.data && mayRetire && (
          <PlansBulk selection={{ all: false, ids: selectedIds(picked) }} plans={plans.data.plans} onClear={() => setPicked({})} />
        )}
        {plans.isPending ? (
          <p role="status" className="text-muted">
            {t('loading')}
          </p>
        ) : plans.data ? (
          <DataTable
            data={plans.data.plans}
            columns={columns}
            getRowId={(row) => String(row.id)}
            label={t('plans.title')}
            empty={t('plans.empty')}
            sortable
            align="middle"
            rowAttributes={(plan) => ({ 'data-plan-id': String(plan.id) })}
            {...(mayRetire
              ? { selection: { state: picked, onChange: setPicked, rowLabel: (plan: AdminPlan) => t('bulk.selectRow', { name: planLabel(plan, lang) }), pageLabel: t('bulk.selectAllPlans') } }
              : {})}
          />
        ) : (
          <Notice tone="error">{t('loadFailed')}</Notice>
        )}
      </Section>
      <StripeAccountSection />
      <CamaraAccountSection currency={plans.data && plans.data.currency !== '' ? plans.data.currency : undefined} />
      <PaymentOptionsSection />
    </>
  );
}
