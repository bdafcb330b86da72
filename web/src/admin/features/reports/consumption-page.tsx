/**
 * Consumption (GET /backend/admin/reports/consumption): plays, counted listening or watching time and
 * games started by period; plays by section, content type and language; the most played articles;
 * and the funnel of visits, sign-ups and first subscriptions (page views sent with analytics consent).
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LANGUAGES } from '@/config/languages';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { ChartSpec } from './chart-option';
import { contentTypeName, sectionName } from '@/admin/lib/content-names';
import { formatCompact, formatCount, formatHours, formatPeriod, msToHours } from './format';
import { RangeForm } from './range-form';
import { useReportView } from './use-report-view';
import { queryFromView, type FilterChoice } from './report-filters';
import type { PartRow, ReportColumn } from './report-model';
import { Figures, ReportPanel } from './report-panel';
import { ReportState } from './report-status';
import type { ConsumptionReport } from './report-types';
import { reportCalls } from './reports-api';
import { reportKeys } from './report-keys';

type SeriesRow = ConsumptionReport['series'][number];
type FunnelRow = ConsumptionReport['funnelSeries'][number];
type ArticleRow = ConsumptionReport['topArticles'][number];

function languageName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function Consumption({ data }: { data: ConsumptionReport }) {
  const { t, lang } = useAdminI18n();
  const count = (v: number) => formatCount(v, lang);
  const compact = (v: number) => formatCompact(v, lang);
  const range = [data.from, data.to];
  const period: ReportColumn<{ period: string }> = { id: 'period', header: t('reports.period'), cell: (r) => formatPeriod(r.period, data.granularity, lang), csv: (r) => r.period };
  const categories = data.series.map((r) => formatPeriod(r.period, data.granularity, lang, true));

  const seriesColumns: ReportColumn<SeriesRow>[] = [
    period,
    { id: 'plays', header: t('reports.consumption.plays'), cell: (r) => count(r.plays), csv: (r) => r.plays },
    { id: 'hours', header: t('reports.consumption.hours'), cell: (r) => formatHours(r.ms, lang), csv: (r) => msToHours(r.ms) },
    { id: 'gamesStarted', header: t('reports.consumption.gamesStarted'), cell: (r) => count(r.gamesStarted), csv: (r) => r.gamesStarted },
  ];
  const plays: ChartSpec = {
    kind: 'line',
    categories,
    series: [
      { name: t('reports.consumption.plays'), values: data.series.map((r) => r.plays) },
      { name: t('reports.consumption.gamesStarted'), values: data.series.map((r) => r.gamesStarted) },
    ],
    format: compact,
    unit: t('reports.units.number'),
  };
  const time: ChartSpec = { kind: 'bar', categories, series: [{ name: t('reports.consumption.hours'), values: data.series.map((r) => msToHours(r.ms)) }], format: compact, unit: t('reports.units.hours') };

  const partColumns = (header: string): ReportColumn<PartRow>[] => [
    { id: 'key', header, cell: (r) => r.key, csv: (r) => r.key },
    { id: 'plays', header: t('reports.consumption.plays'), cell: (r) => count(r.plays), csv: (r) => r.plays },
    { id: 'hours', header: t('reports.consumption.hours'), cell: (r) => formatHours(r.ms, lang), csv: (r) => msToHours(r.ms) },
  ];
  const parts = (rows: PartRow[]): ChartSpec => ({
    kind: 'bar',
    horizontal: true,
    categories: rows.map((r) => r.key),
    series: [{ name: t('reports.consumption.plays'), values: rows.map((r) => r.plays) }],
    format: compact,
    unit: t('reports.units.plays'),
  });
  const sections = data.bySection.map((r) => ({ key: sectionName(r.section, t), plays: r.plays, ms: r.ms }));
  const types = data.byContentType.map((r) => ({ key: contentTypeName(r.contentType, t), plays: r.plays, ms: r.ms }));
  // Plays of accounts that never chose a language (registered before it was kept) are "not set", not a blank row.
  const languages = data.byLanguage.map((r) => ({ key: r.language ? languageName(r.language, lang) : t('reports.consumption.languageNotSet'), plays: r.plays, ms: r.ms }));

  const articleColumns: ReportColumn<ArticleRow>[] = [
    { id: 'rank', header: t('reports.consumption.rank'), cell: (r) => count(data.topArticles.indexOf(r) + 1), csv: (r) => data.topArticles.indexOf(r) + 1 },
    { id: 'title', header: t('reports.consumption.article'), cell: (r) => r.title, csv: (r) => r.title },
    { id: 'contentType', header: t('reports.consumption.contentType'), cell: (r) => contentTypeName(r.contentType, t), csv: (r) => r.contentType },
    { id: 'plays', header: t('reports.consumption.plays'), cell: (r) => count(r.plays), csv: (r) => r.plays },
    { id: 'hours', header: t('reports.consumption.hours'), cell: (r) => formatHours(r.ms, lang), csv: (r) => msToHours(r.ms) },
  ];

  const funnelColumns: ReportColumn<FunnelRow>[] = [
    period,
    { id: 'visits', header: t('reports.consumption.visits'), cell: (r) => count(r.visits), csv: (r) => r.visits },
    { id: 'signUps', header: t('reports.consumption.signUps'), cell: (r) => count(r.signUps), csv: (r) => r.signUps },
    { id: 'firstSubscriptions', header: t('reports.consumption.firstSubscriptions'), cell: (r) => count(r.firstSubscriptions), csv: (r) => r.firstSubscriptions },
  ];
  const funnel: ChartSpec = {
    kind: 'line',
    categories: data.funnelSeries.map((r) => formatPeriod(r.period, data.granularity, lang, true)),
    series: (['visits', 'signUps', 'firstSubscriptions'] as const).map((key) => ({ name: t(`reports.consumption.${key}`), values: data.funnelSeries.map((r) => r[key]) })),
    format: compact,
    unit: t('reports.units.people'),
  };
  const totalPlays = data.series.reduce((sum, r) => sum + r.plays, 0);
  const totalMs = data.series.reduce((sum, r) => sum + r.ms, 0);

  return (
    <div className="flex flex-col gap-6">
      <Figures
        items={[
          { label: t('reports.consumption.plays'), value: count(totalPlays) },
          { label: t('reports.consumption.hours'), value: formatHours(totalMs, lang) },
          { label: t('reports.consumption.visits'), value: count(data.funnel.visits) },
          { label: t('reports.consumption.signUps'), value: count(data.funnel.signUps) },
          { label: t('reports.consumption.firstSubscriptions'), value: count(data.funnel.firstSubscriptions) },
        ]}
      />
      <ReportPanel title={t('reports.consumption.playsTitle')} chart={plays} rows={data.series} columns={seriesColumns} getRowId={(r) => r.period} fileName={['plays', ...range]} />
      <ReportPanel title={t('reports.consumption.timeTitle')} chart={time} rows={data.series} columns={seriesColumns} getRowId={(r) => r.period} fileName={['plays', ...range]} />
      <ReportPanel title={t('reports.consumption.bySection')} chart={parts(sections)} rows={sections} columns={partColumns(t('reports.section'))} getRowId={(r) => r.key} fileName={['plays-sections', ...range]} />
      <ReportPanel title={t('reports.consumption.byContentType')} chart={parts(types)} rows={types} columns={partColumns(t('reports.consumption.contentType'))} getRowId={(r) => r.key} fileName={['plays-types', ...range]} />
      <ReportPanel title={t('reports.consumption.byLanguage')} chart={parts(languages)} rows={languages} columns={partColumns(t('reports.consumption.language'))} getRowId={(r) => r.key} fileName={['plays-languages', ...range]} />
      <ReportPanel title={t('reports.consumption.topArticles')} rows={data.topArticles} columns={articleColumns} getRowId={(r) => r.articleId} fileName={['top-articles', ...range]} />
      <ReportPanel title={t('reports.consumption.funnelTitle')} chart={funnel} rows={data.funnelSeries} columns={funnelColumns} getRowId={(r) => r.period} fileName={['funnel', ...range]} />
    </div>
  );
}

export default function ConsumptionPage() {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const [view, setView] = useReportView('consumption');
  const query = queryFromView(view, 'consumption', lang);
  const report = useQuery({ queryKey: reportKeys.consumption(tenant, query), queryFn: () => reportCalls.consumption(api, query) });
  const data = report.data;
  const filters = useMemo<FilterChoice[]>(() => {
    const keep = (values: string[], name: (code: string) => string, chosen?: string) =>
      [...new Set([...values, ...(chosen ? [chosen] : [])])].map((v) => ({ value: v, label: name(v) }));
    return [
      { name: 'section', label: t('reports.section'), options: keep((data?.bySection ?? []).map((r) => r.section), (v) => sectionName(v, t), view.filters.section) },
      { name: 'contentType', label: t('reports.consumption.contentType'), options: keep((data?.byContentType ?? []).map((r) => r.contentType), (v) => contentTypeName(v, t), view.filters.contentType) },
      { name: 'language', label: t('reports.consumption.language'), options: LANGUAGES.map((l) => ({ value: l.code, label: languageName(l.code, lang) })) },
    ];
  }, [data, t, lang, view.filters.section, view.filters.contentType]);
  return (
    <div className="flex flex-col gap-6">
      <RangeForm report="consumption" view={view} onView={setView} filters={filters} />
      <ReportState query={report}>{(answer) => <Consumption data={answer} />}</ReportState>
    </div>
  );
}
