import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import ar from '@/locales/ar/admin.json';
import { fakeFetch } from '@/admin/testing/fake-fetch';
import { renderConsole } from '@/admin/testing/render-console';
import ReportsPage from '../reports-page';
import type { ConsumptionReport, RevenueReport, RoyaltiesReport, RoyaltyLines, SubscribersReport } from '../report-types';

// Answers shaped exactly as the contract (CONTRACT35.md).
const base = { from: '2026-11-01', to: '2026-11-03', granularity: 'day' as const, refreshedAt: '2026-11-26T03:00:00Z' };
const revenue: RevenueReport = {
  ...base,
  currencies: ['EUR', 'USD'],
  series: [
    { period: '2026-11-01', currency: 'EUR', gross: 1998, refunds: 0, net: 1998, payments: 2, refundCount: 0 },
    { period: '2026-11-02', currency: 'EUR', gross: 999, refunds: 999, net: 0, payments: 1, refundCount: 1 },
    { period: '2026-11-01', currency: 'USD', gross: 500, refunds: 0, net: 500, payments: 1, refundCount: 0 },
  ],
  totals: [
    { currency: 'EUR', gross: 2997, refunds: 999, net: 1998, payments: 3, refundCount: 1 },
    { currency: 'USD', gross: 500, refunds: 0, net: 500, payments: 1, refundCount: 0 },
  ],
  byPlan: [{ planId: 7, planName: '=Premium', currency: 'EUR', gross: 2997, refunds: 999, net: 1998, payments: 3 }],
  byMethod: [{ method: 'card', currency: 'EUR', gross: 2997, refunds: 999, net: 1998, payments: 3 }],
  byProvider: [{ provider: 'stripe', currency: 'EUR', gross: 2997, refunds: 999, net: 1998, payments: 3 }],
  bySection: [{ section: 'audiobooks', currency: 'USD', gross: 500, refunds: 0, net: 500, purchases: 1 }],
  mrr: [{ currency: 'EUR', amount: 999, subscriptions: 1 }],
};
const subscribers: SubscribersReport = {
  ...base,
  series: [{ period: '2026-11-01', active: 10, started: 2, new: 1, cancelled: 1, ended: 0, trialsStarted: 1, trialsConverted: 0 }],
  totals: { activeAtStart: 9, activeAtEnd: 10, started: 2, new: 1, cancelled: 1, ended: 0, trialsStarted: 1, trialsEnded: 0, trialsConverted: 0, conversionRate: null, churnRate: 0.1 },
  arpu: [{ currency: 'EUR', amount: 199 }],
  cohorts: [{ month: '2026-10', customers: 4, active: [4, 3] }],
};
const consumption: ConsumptionReport = {
  ...base,
  series: [{ period: '2026-11-01', plays: 5, ms: 3_600_000, gamesStarted: 1 }],
  bySection: [{ section: 'music', plays: 5, ms: 3_600_000 }],
  byContentType: [{ contentType: 'AUDIO', plays: 5, ms: 3_600_000 }],
  byLanguage: [{ language: 'ar', plays: 5, ms: 3_600_000 }],
  topArticles: [{ articleId: '1', title: 'Song', contentType: 'AUDIO', plays: 5, ms: 3_600_000 }],
  funnel: { visits: 100, signUps: 10, firstSubscriptions: 2 },
  funnelSeries: [{ period: '2026-11-01', visits: 100, signUps: 10, firstSubscriptions: 2 }],
};
const royalties: RoyaltiesReport = {
  month: '2026-10', status: 'open', issuedAt: null, issuedBy: null, canIssue: true, refreshedAt: null,
  licensors: [{ licensor: 'Acme', articles: 1, plays: 5, countedMs: 3_600_000, claimedMs: 4_000_000 }, { licensor: '', articles: 1, plays: 1, countedMs: 60_000, claimedMs: 60_000 }],
  months: [{ month: '2026-10', status: 'open' }, { month: '2026-09', status: 'issued' }],
};
const lines: RoyaltyLines = { month: '2026-10', licensor: 'Acme', status: 'open', lines: [{ articleId: '1', title: 'Song', contentType: 'full_track_music', plays: 5, countedMs: 3_600_000, claimedMs: 4_000_000 }] };

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

async function renderAt(path: string, lang: 'en' | 'ar' = 'en', role = 'owner') {
  const calls: string[] = [];
  let issued = false;
  const fetchImpl = fakeFetch(({ method, url }) => {
    calls.push(`${method} ${url.pathname}${url.search}`);
    if (method === 'POST' && url.pathname.endsWith('/issue')) issued = true;
    const answers: Record<string, unknown> = {
      '/backend/admin/reports/revenue': revenue,
      '/backend/admin/reports/subscribers': subscribers,
      '/backend/admin/reports/consumption': consumption,
      '/backend/admin/reports/royalties': issued ? { ...royalties, status: 'issued', issuedAt: '2026-11-26T03:10:00Z', issuedBy: 'owner@example.com', canIssue: false } : royalties,
      '/backend/admin/reports/royalties/2026-10/lines': lines,
      '/backend/admin/reports/royalties/2026-10/issue': { ...royalties, status: 'issued', issuedAt: '2026-11-26T03:10:00Z', issuedBy: 'owner@example.com', canIssue: false },
    };
    const data = answers[url.pathname];
    return { status: data === undefined ? 404 : 200, body: { data } };
  });
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
  await renderConsole(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/reports/*" element={<ReportsPage />} />
      </Routes>
      <Where />
    </MemoryRouter>,
    { fetchImpl, role, lang },
  );
  return calls;
}

describe('the reports pages', { timeout: 30_000 }, () => {
  it('draws revenue per currency, never summed, with each chart’s table and the range in the address', async () => {
    const user = userEvent.setup();
    const calls = await renderAt('/reports/money?from=2026-11-01&to=2026-11-03&currency=EUR');
    expect(await screen.findByRole('heading', { level: 2, name: 'Revenue in EUR' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Revenue in USD' })).toBeInTheDocument();
    expect(calls).toContain('GET /backend/admin/reports/revenue?from=2026-11-01&to=2026-11-03&granularity=day&currency=EUR&lang=en');
    expect(screen.getByText('Net (EUR)').nextSibling).toHaveTextContent('€19.98');
    expect(screen.getByText('Net (USD)').nextSibling).toHaveTextContent('$5.00');
    expect(screen.getByText('Monthly recurring revenue (EUR)').nextSibling).toHaveTextContent('€9.99 · 1 subscription');
    // The chart is an image; its figures are in the table, in the page for screen readers even while hidden.
    expect(screen.getAllByRole('img', { name: /Revenue in EUR: chart/ })).toHaveLength(1);
    const table = screen.getByRole('table', { name: 'Revenue in EUR' });
    expect(within(table).getAllByText('€9.99')).toHaveLength(2);
    const toggle = screen.getAllByRole('button', { name: 'Show as table' })[0]!;
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(table.closest('[data-table-shown]')).toHaveClass('sr-only');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(table.closest('[data-table-shown]')).not.toHaveClass('sr-only');
    expect(screen.getByRole('table', { name: 'By payment method, EUR' })).toHaveTextContent('Card');

    await user.selectOptions(screen.getByLabelText('Granularity'), 'month');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/reports/money?from=2026-11-01&to=2026-11-03&granularity=month&currency=EUR');
  });

  it('writes the subscribers’ figures and cohorts in Arabic with Arabic-Indic digits', async () => {
    const calls = await renderAt('/reports/subscribers?from=2026-11-01&to=2026-11-03', 'ar');
    expect(calls).toContain('GET /backend/admin/reports/subscribers?from=2026-11-01&to=2026-11-03&granularity=day&lang=ar');
    expect(await screen.findByRole('heading', { level: 2, name: ar.reports.subscribers.cohorts })).toBeInTheDocument();
    const cohorts = screen.getByRole('table', { name: ar.reports.subscribers.cohorts });
    expect(cohorts).toHaveTextContent('٧٥');
    expect(within(cohorts).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText(ar.reports.subscribers.churnRate).nextSibling).toHaveTextContent('١٠');
    expect(screen.getByText(ar.reports.subscribers.conversionRate).nextSibling).toHaveTextContent('—');
  });

  it('shows consumption by period, part and article, and the funnel', async () => {
    await renderAt('/reports/consumption?from=2026-11-01&to=2026-11-03&section=music');
    expect(await screen.findByRole('heading', { level: 2, name: 'Most played articles' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Most played articles' })).toHaveTextContent('Song');
    expect(screen.getByRole('table', { name: 'Plays by language' })).toHaveTextContent('Arabic');
    expect(screen.getByText('First subscriptions', { selector: 'dt' }).nextSibling).toHaveTextContent('2');
  });

  it('issues a royalty statement only after confirmation, and shows it issued', async () => {
    const user = userEvent.setup();
    const calls = await renderAt('/reports/royalties');
    expect(await screen.findByRole('heading', { level: 2, name: '2 licensors' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: '2 licensors' })).toHaveTextContent('No licensor');
    await user.click(screen.getAllByRole('button', { name: 'Show lines' })[0]!);
    const lines = await screen.findByRole('table', { name: 'Lines of Acme' });
    expect(lines).toHaveTextContent('Song');
    expect(lines).toHaveTextContent('Track');  // the content type by its name, not full_track_music
    expect(lines).not.toHaveTextContent('full_track_music');
    expect(calls.some((c) => c.startsWith('GET /backend/admin/reports/royalties/2026-10/lines?') && c.endsWith('&lang=en'))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Issue statement' }));
    expect(calls.some((c) => c.startsWith('POST'))).toBe(false);
    expect(screen.getByRole('alertdialog', { name: 'Issue the statement for October 2026?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Issue' }));
    expect(await screen.findByText(/Issued .* by owner@example.com/)).toBeInTheDocument();
    expect(calls).toContain('POST /backend/admin/reports/royalties/2026-10/issue');
    expect(screen.queryByRole('button', { name: 'Issue statement' })).toBeNull();
  });

  it('offers no issue button to a role below finance', async () => {
    await renderAt('/reports/royalties', 'en', 'support');
    expect(await screen.findByRole('heading', { level: 2, name: '2 licensors' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Issue statement' })).toBeNull();
  });
});
