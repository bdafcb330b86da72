/**
 * Money (GET /backend/admin/reports/revenue): gross, refunds and net by period for each currency (one
 * chart each: never summed across currencies), by plan, by payment method, single purchases by
 * section, and the monthly recurring revenue at the end of the range.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { ChartSpec } from './chart-option';
import { sectionName } from '@/admin/lib/content-names';
import { formatCount, formatMoney, formatMoneyAxis, formatPeriod, majorUnits } from './format';
import { RangeForm } from './range-form';
import { useReportView } from './use-report-view';
import { queryFromView, type FilterChoice } from './report-filters';
import type { ReportColumn } from './report-model';
import { Figures, ReportPanel } from './report-panel';
import { ReportState } from './report-status';
import { isPaymentMethod, isPaymentProvider, PAYMENT_METHODS, type RevenueReport } from './report-types';
import { reportCalls } from './reports-api';
import { reportKeys } from './report-keys';

type SeriesRow = RevenueReport['series'][number];
type PlanRow = RevenueReport['byPlan'][number];
type MethodRow = RevenueReport['byMethod'][number];
type ProviderRow = RevenueReport['byProvider'][number];
type SectionRow = RevenueReport['bySection'][number];

function Revenue({ data }: { data: RevenueReport }) {
  const { t, lang } = useAdminI18n();
  const money = (minor: number, currency: string) => formatMoney(minor, currency, lang);
  const moneyColumns = <T extends { currency: string; gross: number; refunds: number; net: number }>(): ReportColumn<T>[] => [
    { id: 'gross', header: t('reports.money.gross'), cell: (r) => money(r.gross, r.currency), csv: (r) => majorUnits(r.gross, r.currency) },
    { id: 'refunds', header: t('reports.money.refunds'), cell: (r) => money(r.refunds, r.currency), csv: (r) => majorUnits(r.refunds, r.currency) },
    { id: 'net', header: t('reports.money.net'), cell: (r) => money(r.net, r.currency), csv: (r) => majorUnits(r.net, r.currency) },
  ];
  const currencyColumn = <T extends { currency: string }>(): ReportColumn<T> => ({ id: 'currency', header: t('reports.money.currency'), cell: (r) => r.currency, csv: (r) => r.currency });
  const count = <T,>(id: string, header: string, get: (r: T) => number): ReportColumn<T> => ({ id, header, cell: (r) => formatCount(get(r), lang), csv: get });
  const range = [data.from, data.to];

  const seriesColumns: ReportColumn<SeriesRow>[] = [
    { id: 'period', header: t('reports.period'), cell: (r) => formatPeriod(r.period, data.granularity, lang), csv: (r) => r.period },
    currencyColumn<SeriesRow>(),
    ...moneyColumns<SeriesRow>(),
    count<SeriesRow>('payments', t('reports.money.payments'), (r) => r.payments),
    count<SeriesRow>('refundCount', t('reports.money.refundCount'), (r) => r.refundCount),
  ];
  const planColumns: ReportColumn<PlanRow>[] = [
    { id: 'plan', header: t('reports.money.plan'), cell: (r) => r.planName, csv: (r) => r.planName },
    currencyColumn<PlanRow>(),
    ...moneyColumns<PlanRow>(),
    count<PlanRow>('payments', t('reports.money.payments'), (r) => r.payments),
  ];
  const methodColumns: ReportColumn<MethodRow>[] = [
    { id: 'method', header: t('reports.money.method'), cell: (r) => (isPaymentMethod(r.method) ? t(`reports.money.methods.${r.method}`) : r.method), csv: (r) => r.method },
    currencyColumn<MethodRow>(),
    ...moneyColumns<MethodRow>(),
    count<MethodRow>('payments', t('reports.money.payments'), (r) => r.payments),
  ];
  const providerName = (provider: string) => (isPaymentProvider(provider) ? t(`reports.money.providers.${provider}`) : provider);
  const providerColumns: ReportColumn<ProviderRow>[] = [
    { id: 'provider', header: t('reports.money.provider'), cell: (r) => providerName(r.provider), csv: (r) => r.provider },
    currencyColumn<ProviderRow>(),
    ...moneyColumns<ProviderRow>(),
    count<ProviderRow>('payments', t('reports.money.payments'), (r) => r.payments),
  ];
  const sectionColumns: ReportColumn<SectionRow>[] = [
    { id: 'section', header: t('reports.section'), cell: (r) => sectionName(r.section, t), csv: (r) => r.section },
    currencyColumn<SectionRow>(),
    ...moneyColumns<SectionRow>(),
    count<SectionRow>('purchases', t('reports.money.purchases'), (r) => r.purchases),
  ];

  // One chart per currency: amounts of different currencies never share an axis.
  const perCurrency = data.currencies.map((currency) => {
    const rows = data.series.filter((r) => r.currency === currency);
    const axis = (value: number) => formatMoneyAxis(value, currency, lang);
    const unit = t('reports.units.amount', { currency });
    const lines: ChartSpec = {
      kind: 'line',
      categories: rows.map((r) => formatPeriod(r.period, data.granularity, lang, true)),
      series: [
        { name: t('reports.money.gross'), values: rows.map((r) => majorUnits(r.gross, currency)) },
        { name: t('reports.money.refunds'), values: rows.map((r) => majorUnits(r.refunds, currency)) },
        { name: t('reports.money.net'), values: rows.map((r) => majorUnits(r.net, currency)) },
      ],
      format: axis,
      unit,
    };
    const bars = <T extends { currency: string; net: number }>(list: T[], name: (r: T) => string): ChartSpec => {
      const mine = list.filter((r) => r.currency === currency);
      return { kind: 'bar', horizontal: true, categories: mine.map(name), series: [{ name: t('reports.money.net'), values: mine.map((r) => majorUnits(r.net, currency)) }], format: axis, unit };
    };
    return {
      currency,
      lines,
      rows,
      byPlan: { chart: bars(data.byPlan, (r) => r.planName), rows: data.byPlan.filter((r) => r.currency === currency) },
      byMethod: { chart: bars(data.byMethod, (r) => (isPaymentMethod(r.method) ? t(`reports.money.methods.${r.method}`) : r.method)), rows: data.byMethod.filter((r) => r.currency === currency) },
      byProvider: { chart: bars(data.byProvider, (r) => providerName(r.provider)), rows: data.byProvider.filter((r) => r.currency === currency) },
      bySection: { chart: bars(data.bySection, (r) => sectionName(r.section, t)), rows: data.bySection.filter((r) => r.currency === currency) },
    };
  });

  const totals = data.totals.flatMap((row) => [
    { label: t('reports.money.grossIn', { currency: row.currency }), value: money(row.gross, row.currency) },
    { label: t('reports.money.refundsIn', { currency: row.currency }), value: money(row.refunds, row.currency) },
    { label: t('reports.money.netIn', { currency: row.currency }), value: money(row.net, row.currency) },
  ]);
  const mrr = data.mrr.map((row) => ({ label: t('reports.money.mrrIn', { currency: row.currency }), value: `${money(row.amount, row.currency)} · ${t('reports.money.subscriptionCount', { count: row.subscriptions })}` }));

  return (
    <div className="flex flex-col gap-6">
      {totals.length + mrr.length > 0 && <Figures items={[...totals, ...mrr]} />}
      {data.currencies.length === 0 && <p className="text-muted">{t('reports.empty')}</p>}
      {perCurrency.map((c) => (
        <div key={c.currency} className="flex flex-col gap-6">
          <ReportPanel title={t('reports.money.revenueIn', { currency: c.currency })} chart={c.lines} rows={c.rows} columns={seriesColumns} getRowId={(r) => `${r.period}-${r.currency}`} fileName={['revenue', c.currency, ...range]} />
          <ReportPanel title={t('reports.money.byPlanIn', { currency: c.currency })} chart={c.byPlan.chart} rows={c.byPlan.rows} columns={planColumns} getRowId={(r) => `${r.planId}-${r.currency}`} fileName={['revenue-plans', c.currency, ...range]} />
          <ReportPanel title={t('reports.money.byMethodIn', { currency: c.currency })} chart={c.byMethod.chart} rows={c.byMethod.rows} columns={methodColumns} getRowId={(r) => `${r.method}-${r.currency}`} fileName={['revenue-methods', c.currency, ...range]} />
          <ReportPanel title={t('reports.money.byProviderIn', { currency: c.currency })} chart={c.byProvider.chart} rows={c.byProvider.rows} columns={providerColumns} getRowId={(r) => `${r.provider}-${r.currency}`} fileName={['revenue-providers', c.currency, ...range]} />
          <ReportPanel title={t('reports.money.bySectionIn', { currency: c.currency })} chart={c.bySection.chart} rows={c.bySection.rows} columns={sectionColumns} getRowId={(r) => `${r.section}-${r.currency}`} fileName={['purchases-sections', c.currency, ...range]} />
        </div>
      ))}
    </div>
  );
}

export default function MoneyPage() {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const [view, setView] = useReportView('revenue');
  const query = queryFromView(view, 'revenue', lang);
  const report = useQuery({ queryKey: reportKeys.revenue(tenant, query), queryFn: () => reportCalls.revenue(api, query) });
  const data = report.data;
  const filters = useMemo<FilterChoice[]>(() => {
    const keep = (values: string[], chosen?: string) => [...new Set([...values, ...(chosen ? [chosen] : [])])];
    return [
      { name: 'currency', label: t('reports.money.currency'), options: keep(data?.currencies ?? [], view.filters.currency).map((c) => ({ value: c, label: c })) },
      { name: 'method', label: t('reports.money.method'), options: PAYMENT_METHODS.map((m) => ({ value: m, label: t(`reports.money.methods.${m}`) })) },
      {
        name: 'plan',
        label: t('reports.money.plan'),
        options: keep((data?.byPlan ?? []).map((p) => String(p.planId)), view.filters.plan).map((id) => ({ value: id, label: data?.byPlan.find((p) => String(p.planId) === id)?.planName ?? id })),
      },
    ];
  }, [data, t, view.filters.currency, view.filters.plan]);
  return (
    <div className="flex flex-col gap-6">
      <RangeForm report="revenue" view={view} onView={setView} filters={filters} />
      <ReportState query={report}>{(answer) => <Revenue data={answer} />}</ReportState>
    </div>
  );
}
