/**
 * The console's home once the tenant sells (issue 50): today's and this month's revenue (net, per currency),
 * this month's new and lost subscribers, plays today and this month, failed media jobs and mail given up in the
 * last 24 hours, and the latest staff actions — each linking to its page. The figures come from the reports'
 * own calls (the same numbers as the Reports pages for the same days) and the audit log.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Ltr } from '@/components/ui/ltr-text';
import { formatDate } from '@/lib/formatters';
import { isLanguageCode } from '@/config/languages';
import { Notice, PageHeader, Section } from '@/admin/components/fields';
import { auditCalls } from '@/admin/features/audit/audit-api';
import { formatCount, formatMoney } from '@/admin/features/reports/format';
import type { RevenueReport } from '@/admin/features/reports/report-types';
import { reportCalls } from '@/admin/features/reports/reports-api';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { homeKeys } from './home-keys';

type Totals = RevenueReport['totals'];

/** Today and the first of this month, as UTC days (the reports' days). */
function days(now = new Date()): { today: string; monthStart: string } {
  const today = now.toISOString().slice(0, 10);
  return { today, monthStart: `${today.slice(0, 8)}01` };
}

function Figure({ label, to, children }: { label: string; to: string; children: ReactNode }) {
  return (
    <Link to={to} className="flex min-w-0 flex-col gap-1 rounded-2xl border border-border bg-surface p-4 hover:border-primary focus-visible:outline-2 focus-visible:outline-accent">
      <span className="text-sm text-muted">{label}</span>
      <span className="text-2xl font-bold tabular-nums">{children}</span>
    </Link>
  );
}

/** `children`: what comes first under the heading (the setup steps still to do, setup-page.tsx). */
export default function Dashboard({ children }: { children?: ReactNode }) {
  const { t, lang } = useAdminI18n();
  const { api, tenant } = useConsole();
  const language = isLanguageCode(lang) ? lang : 'en';
  const { today, monthStart } = days();
  const range = (from: string) => ({ from, to: today, granularity: 'day' });
  const revenueToday = useQuery({ queryKey: homeKeys.revenue(tenant, today), queryFn: () => reportCalls.revenue(api, range(today)) });
  const revenueMonth = useQuery({ queryKey: homeKeys.revenue(tenant, monthStart), queryFn: () => reportCalls.revenue(api, range(monthStart)) });
  const subscribers = useQuery({ queryKey: homeKeys.subscribers(tenant, monthStart), queryFn: () => reportCalls.subscribers(api, range(monthStart)) });
  const plays = useQuery({ queryKey: homeKeys.consumption(tenant, monthStart), queryFn: () => reportCalls.consumption(api, range(monthStart)) });
  const operations = useQuery({ queryKey: homeKeys.operations(tenant), queryFn: () => reportCalls.operations(api) });
  const audit = useQuery({ queryKey: homeKeys.audit(tenant), queryFn: () => auditCalls.list(api, { size: 5 }) });

  // Per currency, never summed across currencies (as the reports); none yet is 0.
  const money = (totals: Totals | undefined) => (!totals ? '…' : totals.length === 0 ? formatCount(0, language) : totals.map((x) => formatMoney(x.net, x.currency, language)).join(' · '));
  const playsOn = (day: string | null) => (plays.data ? plays.data.series.filter((p) => day === null || p.period === day).reduce((n, p) => n + p.plays, 0) : null);
  const count = (n: number | null | undefined) => (n === null || n === undefined ? '…' : formatCount(n, language));
  const failed = [revenueToday, revenueMonth, subscribers, plays, operations, audit].some((q) => q.isError);

  return (
    <div>
      <PageHeader title={t('home.title')} intro={t('home.intro')} />
      {children}
      {failed && (
        <div className="mb-4">
          <Notice tone="error">{t('loadFailed')}</Notice>
        </div>
      )}
      <div className="mb-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label={t('home.revenueToday')} to={`/reports/money?from=${today}&to=${today}`}>{money(revenueToday.data?.totals)}</Figure>
        <Figure label={t('home.revenueMonth')} to={`/reports/money?from=${monthStart}&to=${today}`}>{money(revenueMonth.data?.totals)}</Figure>
        <Figure label={t('home.newSubscribers')} to={`/reports/subscribers?from=${monthStart}&to=${today}`}>{count(subscribers.data?.totals.new)}</Figure>
        <Figure label={t('home.lostSubscribers')} to={`/reports/subscribers?from=${monthStart}&to=${today}`}>{count(subscribers.data ? subscribers.data.totals.ended : null)}</Figure>
        <Figure label={t('home.playsToday')} to={`/reports/consumption?from=${today}&to=${today}`}>{count(playsOn(today))}</Figure>
        <Figure label={t('home.playsMonth')} to={`/reports/consumption?from=${monthStart}&to=${today}`}>{count(playsOn(null))}</Figure>
        <Figure label={t('home.failedJobs')} to="/media">{count(operations.data?.failedMediaJobs)}</Figure>
        <Figure label={t('home.failedMail')} to="/customers">{count(operations.data?.failedMail)}</Figure>
      </div>
      <Section title={t('home.recent')}>
        {audit.data?.items.length === 0 && <p className="text-muted">{t('home.noActions')}</p>}
        <ul className="flex flex-col divide-y divide-border">
          {audit.data?.items.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-baseline gap-x-3 py-2">
              <span className="text-sm text-muted tabular-nums">{formatDate(entry.at, language)}</span>
              <span className="font-medium">
                <Ltr>{entry.actorEmail}</Ltr>
              </span>
              <Link to={`/audit?action=${encodeURIComponent(entry.action)}`} className="text-primary underline-offset-2 hover:underline">
                <Ltr>{entry.action}</Ltr>
              </Link>
            </li>
          ))}
        </ul>
        <Link to="/audit" className="mt-3 inline-block font-semibold text-primary underline-offset-2 hover:underline">
          {t('home.allActions')}
        </Link>
      </Section>
    </div>
  );
}
