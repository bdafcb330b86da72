/**
 * The catalog's bulk actions (issue 78 item 3) on the page: rows selected by the page's box, then every row that
 * matches the filter; the dialog names the count before anything starts; the job is made once with an
 * Idempotency-Key and the filter, its progress bar carries its values, and the result lists each refused row and why.
 * Arabic reads right to left with the count in Arabic-Indic digits.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeFetch, notFound, type FakeCall } from '@/admin/testing/fake-fetch';
import { renderConsole } from '@/admin/testing/render-console';
import type { BulkJob } from '@/admin/lib/bulk-job';
import type { ArticleRow } from '../catalog-api';
import CatalogPage from '../catalog-page';

const row = (id: number): ArticleRow => ({ id, title: `Episode ${id}`, contentType: 'podcast', section: 'podcast', rating: 0, state: 'published', licensor: '', updatedAt: '2026-11-20T10:00:00Z', version: 1 });
const job = (over: Partial<BulkJob>): BulkJob => ({ id: 'job-1', kind: 'articles', action: 'publish', state: 'running', total: 30, done: 0, failed: 0, createdAt: '2026-11-30T10:00:00Z', failures: [], ...over });

function network() {
  const calls: FakeCall[] = [];
  let reads = 0;
  const fetchImpl = fakeFetch((call) => {
    calls.push(call);
    const { url, method } = call;
    if (url.pathname === '/backend/admin/catalog/articles') return { status: 200, body: { data: { entries: [row(1), row(2)], total: 30, offset: 0, limit: 25 } } };
    if ((url.pathname === '/backend/admin/catalog/bulk' || url.pathname === '/backend/admin/catalog/bulk/prices') && method === 'POST') return { status: 202, body: { data: job({ state: 'queued' }) } };
    if (url.pathname === '/backend/admin/catalog/bulk/jobs/job-1') {
      reads += 1;
      return reads === 1
        ? { status: 200, body: { data: job({ done: 10 }) } }
        : { status: 200, body: { data: job({ state: 'finished', done: 29, failed: 1, finishedAt: '2026-11-30T10:00:05Z', failures: [{ target: '7', code: 'ARTICLE_VERSION_CONFLICT', reason: 'x' }] }) } };
    }
    return notFound();
  });
  return { calls, fetchImpl };
}

async function renderPage(lang: 'en' | 'ar' = 'en', role = 'editor') {
  const { calls, fetchImpl } = network();
  await renderConsole(
    <MemoryRouter initialEntries={['/catalog?type=podcast']}>
      <Routes>
        <Route path="/catalog" element={<CatalogPage />} />
      </Routes>
    </MemoryRouter>,
    { fetchImpl, role, lang },
  );
  return calls;
}

describe('bulk actions on the catalog', () => {
  it('selects every row that matches, confirms with the count, follows the job and lists the refused rows', async () => {
    const user = userEvent.setup();
    const calls = await renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Select the rows of this page' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Select all 30 that match' }));
    expect(within(bar).getByText('All 30 that match are selected')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Apply to the selection' })).toBeDisabled();
    await user.selectOptions(within(bar).getByLabelText('Action'), 'publish');
    await user.click(within(bar).getByRole('button', { name: 'Apply to the selection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the bulk action' });
    expect(dialog).toHaveTextContent('Publish \u206830 articles\u2069?');
    expect(calls.some((c) => c.url.pathname === '/backend/admin/catalog/bulk')).toBe(false);  // nothing before the confirmation
    await user.click(within(dialog).getByRole('button', { name: /^Start on/ }));
    const bar2 = await within(dialog).findByRole('progressbar', { name: 'Progress of the bulk action' });
    expect(bar2).toHaveAttribute('aria-valuemax', '30');
    expect(bar2).toHaveAttribute('aria-valuenow', '10');
    await waitFor(() => expect(within(dialog).getByText('Finished: 29 changed, 1 refused.')).toBeInTheDocument(), { timeout: 3000 });
    expect(within(dialog).getByRole('region', { name: 'Refused rows' })).toHaveTextContent('7: changed by someone else meanwhile');
    const posted = calls.filter((c) => c.url.pathname === '/backend/admin/catalog/bulk' && c.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toEqual({ action: 'publish', filter: { type: 'podcast' } });
    expect(new Headers(posted[0]!.init?.headers).get('Idempotency-Key')).toMatch(/.+/);
  }, 30_000);

  it('offers finance the price actions only, sent to the prices call; editors every action', async () => {
    const user = userEvent.setup();
    const calls = await renderPage('en', 'finance');
    await user.click(await screen.findByRole('checkbox', { name: 'Select the rows of this page' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    const options = within(within(bar).getByLabelText('Action')).getAllByRole('option').map((o) => o.getAttribute('value'));
    expect(options).toEqual(['', 'pricePercent', 'priceAmount']);
    // The list is finance's to price from: no new article, no catalog file, titles that open no editor.
    expect(screen.queryByRole('link', { name: 'New article' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Episode 1' })).toBeNull();
    await user.selectOptions(within(bar).getByLabelText('Action'), 'pricePercent');
    await user.type(within(bar).getByLabelText('Percent'), '10');
    await user.click(within(bar).getByRole('button', { name: 'Apply to the selection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the bulk action' });
    await user.click(within(dialog).getByRole('button', { name: /^Start on/ }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/backend/admin/catalog/bulk/prices' && c.method === 'POST')).toBe(true));
    expect(calls.some((c) => c.url.pathname === '/backend/admin/catalog/bulk')).toBe(false);
  }, 30_000);

  it('names the count in Arabic, isolated, with Arabic-Indic digits', async () => {
    const user = userEvent.setup();
    await renderPage('ar');
    await user.click(await screen.findByRole('checkbox', { name: 'تحديد صفوف هذه الصفحة' }));
    const bar = screen.getByRole('region', { name: 'إجراءات جماعية' });
    await user.click(within(bar).getByRole('button', { name: 'تحديد كل النتائج المطابقة (٣٠)' }));
    await user.selectOptions(within(bar).getByLabelText('الإجراء'), 'unpublish');
    await user.click(within(bar).getByRole('button', { name: 'تطبيق على التحديد' }));
    const dialog = await screen.findByRole('dialog', { name: 'تأكيد الإجراء الجماعي' });
    expect(dialog).toHaveTextContent('إلغاء نشر \u2068٣٠ مادة\u2069؟');
  }, 30_000);
});
