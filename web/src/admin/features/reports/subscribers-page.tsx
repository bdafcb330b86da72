/**
 * Subscribers (GET /backend/admin/reports/subscribers): active, new, started, cancelled and ended by
 * period, trial conversion, churn, revenue per subscriber, and the cohorts by month of first
 * subscription as a heat map (a table whose cells are shaded by the share still active).
 */
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { ScrollRegion } from '@/admin/components/scroll-region';
import { Section } from '@/admin/components/fields';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { ChartSpec } from './chart-option';
import { csvFileName, downloadCsv, toCsv } from '@/admin/lib/csv';
import { formatCompact, formatCount, formatMoney, formatMonth, formatPeriod, formatRate } from './format';
import { RangeForm } from './range-form';
import { useReportView } from './use-report-view';
import { queryFromView } from './report-filters';
import type { ReportColumn } from './report-model';
import { Figures, ReportPanel } from './report-panel';
import { ReportState } from './report-status';
import type { SubscribersReport } from './report-types';
import { reportCalls } from './reports-api';
import { reportKeys } from './report-keys';

type SeriesRow = SubscribersReport['series'][number];
const COUNTS = ['active', 'new', 'started', 'cancelled', 'ended', 'trialsStarted', 'trialsConverted'] as const;

function Cohorts({ data }: { data: SubscribersReport }) {
  const { t, lang } = useAdminI18n();
  const width = Math.max(0, ...data.cohorts.map((c) => c.active.length));
  const offsets = Array.from({ length: width }, (_, k) => k);
  const title = t('reports.subscribers.cohorts');
  const exportCsv = () =>
    downloadCsv(
      csvFileName('cohorts', data.from, data.to),
      toCsv(
        [t('reports.subscribers.cohort'), t('reports.subscribers.customers'), ...offsets.map((k) => t('reports.subscribers.monthN', { n: k }))],
        data.cohorts.map((c) => [c.month, c.customers, ...offsets.map((k) => c.active[k] ?? null)]),
      ),
    );
  if (data.cohorts.length === 0) {
    return (
      <Section title={title}>
        <p className="text-muted">{t('reports.empty')}</p>
      </Section>
    );
  }
  return (
    <Section title={title}>
      <p className="mb-3 text-sm text-muted">{t('reports.subscribers.cohortsHint')}</p>
      <ScrollRegion label={title}>
        <table aria-label={title} className="w-full min-w-[40rem] border-collapse text-sm" data-cohorts="">
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="px-2 py-2 text-start font-semibold text-muted">{t('reports.subscribers.cohort')}</th>
              <th scope="col" className="px-2 py-2 text-end font-semibold text-muted">{t('reports.subscribers.customers')}</th>
              {offsets.map((k) => (
                <th key={k} scope="col" className="px-2 py-2 text-center font-semibold whitespace-nowrap text-muted">{t('reports.subscribers.monthN', { n: formatCount(k, lang) })}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.cohorts.map((cohort) => (
              <tr key={cohort.month} className="border-b border-border last:border-0">
                <th scope="row" className="px-2 py-1 text-start font-semibold whitespace-nowrap">{formatMonth(cohort.month, lang)}</th>
                <td className="px-2 py-1 text-end">{formatCount(cohort.customers, lang)}</td>
                {offsets.map((k) => {
                  const active = cohort.active[k];
                  if (active === undefined) return <td key={k} />;
                  const share = cohort.customers > 0 ? active / cohort.customers : 0;
                  return (
                    <td
                      key={k}
                      className="px-2 py-1 text-center whitespace-nowrap text-text"
                      style={{ backgroundColor: `color-mix(in srgb, var(--color-primary) ${Math.round(share * 45)}%, transparent)` }}
                      title={formatRate(share, lang)}
                    >
                      {formatCount(active, lang)}
                      <span className="block text-xs">{formatRate(share, lang)}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <div className="mt-3">
        <Button variant="secondary" onClick={exportCsv}>{t('reports.exportCsv')}</Button>
      </div>
    </Section>
  );
}

function Subscribers({ data }: { data: SubscribersReport }) {
  const { t, lang } = useAdminI18n();
  const columns: ReportColumn<SeriesRow>[] = [
    { id: 'period', header: t('reports.period'), cell: (r) => formatPeriod(r.period, data.granularity, lang), csv: (r) => r.period },
    ...COUNTS.map((key): ReportColumn<SeriesRow> => ({ id: key, header: t(`reports.subscribers.${key}`), cell: (r) => formatCount(r[key], lang), csv: (r) => r[key] })),
  ];
  const categories = data.series.map((r) => formatPeriod(r.period, data.granularity, lang, true));
  const active: ChartSpec = { kind: 'line', categories, series: [{ name: t('reports.subscribers.active'), values: data.series.map((r) => r.active) }], format: (v) => formatCompact(v, lang), unit: t('reports.units.subscribers') };
  const flows: ChartSpec = {
    kind: 'bar',
    categories,
    series: (['new', 'started', 'cancelled', 'ended'] as const).map((key) => ({ name: t(`reports.subscribers.${key}`), values: data.series.map((r) => r[key]) })),
    format: (v) => formatCompact(v, lang),
    unit: t('reports.units.subscribers'),
  };
  const totals = data.totals;
  const figures = [
    { label: t('reports.subscribers.activeAtStart'), value: formatCount(totals.activeAtStart, lang) },
    { label: t('reports.subscribers.activeAtEnd'), value: formatCount(totals.activeAtEnd, lang) },
    { label: t('reports.subscribers.new'), value: formatCount(totals.new, lang) },
    { label: t('reports.subscribers.cancelled'), value: formatCount(totals.cancelled, lang) },
    { label: t('reports.subscribers.ended'), value: formatCount(totals.ended, lang) },
    { label: t('reports.subscribers.churnRate'), value: formatRate(totals.churnRate, lang) },
    { label: t('reports.subscribers.conversionRate'), value: formatRate(totals.conversionRate, lang) },
    { label: t('reports.subscribers.trials'), value: t('reports.subscribers.trialsOf', { converted: formatCount(totals.trialsConverted, lang), count: totals.trialsStarted }) },
    ...data.arpu.map((row) => ({ label: t('reports.subscribers.arpuIn', { currency: row.currency }), value: formatMoney(row.amount, row.currency, lang) })),
  ];
  const range = [data.from, data.to];
  return (
    <div className="flex flex-col gap-6">
      <Figures items={figures} />
      <p className="max-w-3xl text-sm text-muted" data-testid="arpu-hint">
        {t(data.arpu.length > 0 ? 'reports.subscribers.arpuHint' : 'reports.subscribers.arpuMissing')}
      </p>
      <ReportPanel title={t('reports.subscribers.activeTitle')} chart={active} rows={data.series} columns={columns} getRowId={(r) => r.period} fileName={['subscribers', ...range]} />
      <ReportPanel title={t('reports.subscribers.flowsTitle')} chart={flows} rows={data.series} columns={columns} getRowId={(r) => r.period} fileName={['subscribers', ...range]} />
      <Cohorts data={data} />
    </div>
  );
}

export default function SubscribersPage() {
  const { lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const [view, setView] = useReportView('subscribers');
  const query = queryFromView(view, 'subscribers', lang);
  const report = useQuery({ queryKey: reportKeys.subscribers(tenant, query), queryFn: () => reportCalls.subscribers(api, query) });
  return (
    <div className="flex flex-col gap-6">
      <RangeForm report="subscribers" view={view} onView={setView} />
      <ReportState query={report}>{(answer) => <Subscribers data={answer} />}</ReportState>
    </div>
  );
}
