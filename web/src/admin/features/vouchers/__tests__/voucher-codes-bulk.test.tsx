/**
 * A batch's codes and their bulk void (issue 78 item 3): the batch's page lists its codes (never the codes
 * themselves), a state narrows them, the page's box then "all N that match" selects every code of that state, the
 * dialog names the count, the job is made once with the batch and the state, and a refused code is named by its last
 * characters with the reason.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeFetch, notFound, type FakeCall } from '@/admin/testing/fake-fetch';
import { renderConsole } from '@/admin/testing/render-console';
import type { BulkJob } from '@/admin/lib/bulk-job';
import VoucherBatchPage from '../voucher-batch-page';
import type { VoucherBatch, VoucherCodeRow } from '../vouchers-api';

const batch: VoucherBatch = {
  id: 'b-1', typeId: 101, typeName: 'Basic', productId: null, productTitle: null, periods: 1, count: 60, validFrom: '2026-11-25T10:00:00Z',
  validUntil: '2027-11-25T23:59:59Z', note: 'Fair', source: 'console', createdBy: 's1', createdByEmail: 'editor@example.com',
  createdAt: '2026-11-25T10:00:00Z', voidedAt: null, voidedBy: null, minted: 60, redeemed: 1, voided: 0, open: 59, expired: 0,
};
const code = (i: number, state = 'open'): VoucherCodeRow => ({
  id: `c-${i}`, hint: `H${String(i).padStart(3, '0')}`, state, typeId: 101, productId: null, periods: 1, validFrom: batch.validFrom, validUntil: batch.validUntil,
  createdAt: batch.createdAt, batchId: 'b-1', batchNote: 'Fair', orderId: null, redeemedAt: state === 'redeemed' ? '2026-11-26T10:00:00Z' : null,
  customerId: null, customer: state === 'redeemed' ? 'guest@example.com' : null, subscriptionId: null, voidedAt: null, voidedBy: null,
});
const job = (over: Partial<BulkJob>): BulkJob => ({ id: 'job-9', kind: 'vouchers', action: 'void', state: 'running', total: 59, done: 0, failed: 0, createdAt: '2026-11-30T10:00:00Z', failures: [], ...over });

function network() {
  const calls: FakeCall[] = [];
  const fetchImpl = fakeFetch((call) => {
    calls.push(call);
    const { url, method } = call;
    if (url.pathname === '/backend/admin/vouchers/batches/b-1') return { status: 200, body: { data: { batch, redemptions: { items: [], total: 0, page: 1, size: 20 } } } };
    if (url.pathname === '/backend/admin/vouchers/batches/b-1/codes') {
      const state = url.searchParams.get('state') ?? '';
      const items = Array.from({ length: 50 }, (_, i) => code(i + 1, state || (i === 0 ? 'redeemed' : 'open')));
      return { status: 200, body: { data: { items, total: state === 'open' ? 59 : 60, page: 1, size: 50, state } } };
    }
    if (url.pathname === '/backend/admin/vouchers/bulk' && method === 'POST') return { status: 202, body: { data: job({ state: 'queued' }) } };
    if (url.pathname === '/backend/admin/vouchers/bulk/jobs/job-9')
      return { status: 200, body: { data: job({ state: 'finished', done: 58, failed: 1, finishedAt: '2026-11-30T10:00:05Z', failures: [{ target: 'c-2', code: 'VOUCHER_ALREADY_REDEEMED', reason: 'x' }] }) } };
    return notFound();
  });
  return { calls, fetchImpl };
}

describe("a batch's codes and their bulk void", () => {
  it('lists the codes by state, selects all that match, voids them with the count and names a refused code', async () => {
    const user = userEvent.setup();
    const { calls, fetchImpl } = network();
    await renderConsole(
      <MemoryRouter initialEntries={['/vouchers/b-1']}>
        <Routes>
          <Route path="/vouchers/:batchId" element={<VoucherBatchPage />} />
        </Routes>
      </MemoryRouter>,
      { fetchImpl, role: 'editor' },
    );
    const table = await screen.findByRole('table', { name: 'Codes of this batch' });
    expect(within(table).getByText('guest@example.com')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '60 codes' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Show'), 'open');
    await screen.findByRole('heading', { name: '59 codes' });
    await user.click(within(screen.getByRole('table', { name: 'Codes of this batch' })).getByRole('checkbox', { name: 'Select the rows of this page' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    await user.click(within(bar).getByRole('button', { name: 'Select all 59 that match' }));
    await user.selectOptions(within(bar).getByLabelText('Action'), 'void');
    await user.click(within(bar).getByRole('button', { name: 'Apply to the selection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the bulk action' });
    expect(dialog).toHaveTextContent('Void \u206859 codes\u2069?');
    await user.click(within(dialog).getByRole('button', { name: /^Start on/ }));
    await waitFor(() => expect(within(dialog).getByText('Finished: 58 changed, 1 refused.')).toBeInTheDocument(), { timeout: 3000 });
    expect(within(dialog).getByRole('region', { name: 'Refused rows' })).toHaveTextContent('…-H002: redeemed: it cannot be voided');
    const posted = calls.filter((c) => c.url.pathname === '/backend/admin/vouchers/bulk' && c.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toEqual({ action: 'void', filter: { batchId: 'b-1', state: 'open' } });
    expect(new Headers(posted[0]!.init?.headers).get('Idempotency-Key')).toMatch(/.+/);
  }, 30_000);
});
