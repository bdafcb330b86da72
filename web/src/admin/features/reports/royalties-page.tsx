/**
 * Royalty statements (GET /backend/admin/reports/royalties?month=): a month picker (?month= in the
 * address), the licensors of the month with counted and claimed time, each licensor's lines on
 * demand, the statement as the server's CSV, and "Issue statement" for finance and above, confirmed
 * first; an issued month says when and by whom.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/admin/components/fields';
import { useConsole } from '@/admin/lib/console-context';
import { contentTypeName } from '@/admin/lib/content-names';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { mayRefund } from '@/admin/lib/roles';
import { csvFileName, downloadCsv } from '@/admin/lib/csv';
import { formatCount, formatHours, formatMonth, formatTimestamp, msToHours } from './format';
import { isMonth } from './report-filters';
import type { ReportColumn } from './report-model';
import { ReportPanel, ReportTable } from './report-panel';
import { ReportState } from './report-status';
import { isStatementStatus, type RoyaltiesReport, type RoyaltyLines } from './report-types';
import { reportCalls } from './reports-api';
import { reportKeys } from './report-keys';

type LicensorRow = RoyaltiesReport['licensors'][number];
type LineRow = RoyaltyLines['lines'][number];

function Lines({ month, licensor, name }: { month: string; licensor: string; name: string }) {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const lines = useQuery({ queryKey: reportKeys.royaltyLines(tenant, month, licensor, lang), queryFn: () => reportCalls.royaltyLines(api, month, licensor, lang) });
  if (lines.isPending) return <p role="status" className="text-muted">{t('loading')}</p>;
  if (lines.isError) return <Notice tone="error">{t('loadFailed')}</Notice>;
  const columns: ReportColumn<LineRow>[] = [
    { id: 'title', header: t('reports.consumption.article'), cell: (r) => r.title, csv: (r) => r.title },
    { id: 'contentType', header: t('reports.consumption.contentType'), cell: (r) => contentTypeName(r.contentType, t), csv: (r) => r.contentType },
    { id: 'plays', header: t('reports.consumption.plays'), cell: (r) => formatCount(r.plays, lang), csv: (r) => r.plays },
    { id: 'counted', header: t('reports.royalties.counted'), cell: (r) => formatHours(r.countedMs, lang), csv: (r) => msToHours(r.countedMs) },
    { id: 'claimed', header: t('reports.royalties.claimed'), cell: (r) => formatHours(r.claimedMs, lang), csv: (r) => msToHours(r.claimedMs) },
  ];
  return <ReportTable rows={lines.data.lines} columns={columns} getRowId={(r) => r.articleId} label={t('reports.royalties.linesOf', { licensor: name })} fileName={['royalty-lines', month, licensor || 'none']} />;
}

function IssueStatement({ data }: { data: RoyaltiesReport }) {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const ids = useId();
  const issue = useMutation({
    mutationFn: () => reportCalls.issue(api, data.month),
    onSuccess: (answer) => {
      setConfirming(false);
      // The month's answer, whether the page asked for it by name or as the default month.
      client.setQueriesData<RoyaltiesReport | RoyaltyLines>({ queryKey: reportKeys.royalties(tenant) }, (old) => (old && 'licensors' in old && old.month === answer.month ? answer : old));
      void client.invalidateQueries({ queryKey: reportKeys.royalties(tenant) });
    },
  });
  if (!confirming) {
    // A disabled button says why (the month has not ended, or an earlier month waits).
    const why =
      data.cannotIssueBecause === 'month_not_ended'
        ? t('reports.royalties.whyNotEnded')
        : data.cannotIssueBecause === 'earlier_month_open' && data.openMonth
          ? t('reports.royalties.whyEarlierOpen', { month: formatMonth(data.openMonth, lang) })
          : null;
    return (
      <span className="flex flex-wrap items-center gap-3">
        <Button onClick={() => setConfirming(true)} disabled={!data.canIssue} aria-describedby={why ? `${ids}-why` : undefined}>
          {t('reports.royalties.issue')}
        </Button>
        {why && (
          <span id={`${ids}-why`} className="text-sm text-muted">
            {why}
          </span>
        )}
      </span>
    );
  }
  return (
    <div role="alertdialog" aria-labelledby={`${ids}-title`} aria-describedby={`${ids}-text`} className="flex flex-col gap-3 rounded-xl border border-accent bg-bg p-4">
      <p id={`${ids}-title`} className="font-semibold">{t('reports.royalties.confirmTitle', { month: formatMonth(data.month, lang) })}</p>
      <p id={`${ids}-text`} className="text-sm">{t('reports.royalties.confirmText')}</p>
      {issue.isError && <Notice tone="error">{t('reports.royalties.issueFailed')}</Notice>}
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => issue.mutate()} disabled={issue.isPending}>{t('reports.royalties.confirmIssue')}</Button>
        <Button variant="secondary" onClick={() => setConfirming(false)}>{t('reports.royalties.cancel')}</Button>
      </div>
    </div>
  );
}

function Statement({ data }: { data: RoyaltiesReport }) {
  const { t, lang } = useAdminI18n();
  const { api, me } = useConsole();
  const [opened, setOpened] = useState<string | null>(null);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const name = (licensor: string) => licensor || t('reports.royalties.noLicensor');
  const download = async (licensor?: string) => {
    setDownloadFailed(false);
    try {
      const csv = await reportCalls.statementCsv(api, data.month, lang, licensor);
      downloadCsv(csvFileName('royalties', data.month, licensor ?? ''), csv);
    } catch {
      setDownloadFailed(true);
    }
  };
  const columns: ReportColumn<LicensorRow>[] = [
    { id: 'licensor', header: t('reports.royalties.licensor'), cell: (r) => name(r.licensor), csv: (r) => r.licensor },
    { id: 'articles', header: t('reports.royalties.articles'), cell: (r) => formatCount(r.articles, lang), csv: (r) => r.articles },
    { id: 'plays', header: t('reports.consumption.plays'), cell: (r) => formatCount(r.plays, lang), csv: (r) => r.plays },
    { id: 'counted', header: t('reports.royalties.counted'), cell: (r) => formatHours(r.countedMs, lang), csv: (r) => msToHours(r.countedMs) },
    { id: 'claimed', header: t('reports.royalties.claimed'), cell: (r) => formatHours(r.claimedMs, lang), csv: (r) => msToHours(r.claimedMs) },
    {
      id: 'lines',
      header: t('reports.royalties.lines'),
      cell: (r) => (
        <span className="flex flex-wrap gap-2">
          <Button variant="secondary" aria-expanded={opened === r.licensor} onClick={() => setOpened(opened === r.licensor ? null : r.licensor)}>
            {t('reports.royalties.showLines')}
          </Button>
          <Button variant="secondary" onClick={() => void download(r.licensor)}>{t('reports.royalties.downloadOne')}</Button>
        </span>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3" data-status={data.status}>
        <p className="font-semibold">
          {data.status === 'issued'
            ? t('reports.royalties.issuedBy', { time: data.issuedAt ? formatTimestamp(data.issuedAt, lang) : '', who: data.issuedBy ?? '' })
            : t('reports.royalties.open')}
        </p>
        <Button variant="secondary" onClick={() => void download()}>{t('reports.royalties.download')}</Button>
        {data.status === 'open' && mayRefund(me.role) && <IssueStatement data={data} />}
      </div>
      {downloadFailed && <Notice tone="error">{t('loadFailed')}</Notice>}
      <ReportPanel
        title={t('reports.royalties.licensorsTitle', { count: data.licensors.length })}
        rows={data.licensors}
        columns={columns}
        getRowId={(r) => r.licensor || '-'}
        fileName={['royalties-licensors', data.month]}
      />
      {opened !== null && (
        <section aria-label={t('reports.royalties.linesOf', { licensor: name(opened) })} className="rounded-2xl border border-border bg-surface p-4">
          <h2 className="mb-3 text-lg font-semibold">{t('reports.royalties.linesOf', { licensor: name(opened) })}</h2>
          <Lines month={data.month} licensor={opened} name={name(opened)} />
        </section>
      )}
    </div>
  );
}

export default function RoyaltiesPage() {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('month');
  const month = isMonth(asked) ? asked : null;
  const report = useQuery({ queryKey: reportKeys.royaltiesMonth(tenant, month ?? 'default'), queryFn: () => reportCalls.royalties(api, month) });
  const ids = useId();
  const months = report.data?.months ?? [];
  const shown = month ?? report.data?.month ?? '';
  return (
    <div className="flex flex-col gap-6">
      <form aria-label={t('reports.royalties.month')} className="flex flex-wrap items-end gap-3 rounded-2xl border border-border bg-surface p-4" onSubmit={(e) => e.preventDefault()}>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-month`} className="text-sm font-semibold">{t('reports.royalties.month')}</label>
          <select id={`${ids}-month`} className="h-11 rounded-lg border border-border bg-bg px-3 text-text" value={shown} onChange={(e) => setSearch(new URLSearchParams({ month: e.target.value }))}>
            {[...new Set([shown, ...months.map((m) => m.month)])].filter(Boolean).sort().reverse().map((m) => {
              const status = months.find((x) => x.month === m)?.status;
              return (
                <option key={m} value={m}>
                  {formatMonth(m, lang)}{status && isStatementStatus(status) ? ` — ${t(`reports.royalties.status.${status}`)}` : ''}
                </option>
              );
            })}
          </select>
        </div>
      </form>
      <ReportState query={report}>{(answer) => <Statement key={answer.month} data={answer} />}</ReportState>
    </div>
  );
}
