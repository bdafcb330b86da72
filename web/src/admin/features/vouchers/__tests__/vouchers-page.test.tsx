import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeFetch, notFound } from '@/admin/testing/fake-fetch';
import { renderConsole } from '@/admin/testing/render-console';
import VoucherBatchPage from '../voucher-batch-page';
import VouchersPage from '../vouchers-page';
import type { VoucherBatch, VoucherCode } from '../vouchers-api';

const batch: VoucherBatch = {
  id: 'b-1', typeId: 101, typeName: 'Basic', productId: null, productTitle: null, periods: 1, count: 3, validFrom: '2026-11-25T10:00:00Z',
  validUntil: '2027-11-25T23:59:59Z', note: 'Fair', source: 'console', createdBy: 's1', createdByEmail: 'editor@example.com',
  createdAt: '2026-11-25T10:00:00Z', voidedAt: null, voidedBy: null, minted: 3, redeemed: 0, voided: 0, open: 3, expired: 0,
};
const codes = ['AAAA-BBBB-CCCC-DDDD', 'EEEE-FFFF-GGGG-HHHH', 'JJJJ-KKKK-LLLL-MMMM'];
const open: VoucherCode = {
  id: 'c-1', hint: 'DDDD', state: 'open', typeId: 101, productId: null, periods: 1, validFrom: batch.validFrom, validUntil: batch.validUntil,
  createdAt: batch.createdAt, batchId: 'b-1', batchNote: 'Fair', orderId: null, redeemedAt: null, customerId: null, customer: null,
  subscriptionId: null, voidedAt: null, voidedBy: null,
};

async function renderPage() {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchImpl = fakeFetch(({ method, url, body }) => {
    calls.push({ method, path: url.pathname, body });
    const answers: Record<string, unknown> = {
      'GET /backend/admin/vouchers/choices': { plans: [{ id: 101, name: 'Basic', billingCycle: 'P1M' }], products: [{ id: 8001, title: 'Gift', typeId: 101, periods: 3, validityMonths: 12 }] },
      'GET /backend/admin/vouchers/batches': { items: [batch], total: 1, page: 1, size: 20 },
      'POST /backend/admin/vouchers/batches': { batch, codes },
      'POST /backend/admin/vouchers/codes/find': open,
      'POST /backend/admin/vouchers/codes/c-1/void': { ...open, state: 'voided', voidedAt: '2026-11-25T11:00:00Z', voidedBy: 'editor@example.com' },
    };
    const data = answers[`${method} ${url.pathname}`];
    return data === undefined ? notFound() : { status: 200, body: { data } };
  });
  await renderConsole(
    <MemoryRouter initialEntries={['/vouchers']}>
      <Routes>
        <Route path="/vouchers" element={<VouchersPage />} />
        <Route path="/vouchers/:batchId" element={<VoucherBatchPage />} />
      </Routes>
    </MemoryRouter>,
    { fetchImpl, role: 'editor' },
  );
  await screen.findByRole('option', { name: 'Basic (plan 101)' });
  return calls;
}

describe('the vouchers page', { timeout: 30_000 }, () => {
  it('checks the form, mints a batch and shows its codes once, left to right, then the form again', async () => {
    const user = userEvent.setup();
    const calls = await renderPage();
    expect(await screen.findByText('3 minted')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mint codes' }));
    expect(await screen.findByText('Choose a plan or a voucher product.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.selectOptions(screen.getByLabelText('Grants'), 'plan:101');
    const count = screen.getByLabelText('Number of codes');
    await user.clear(count);
    await user.type(count, '10001');
    await user.click(screen.getByRole('button', { name: 'Mint codes' }));
    expect(await screen.findByText('Give a whole number from 1 to 10,000.')).toBeInTheDocument();
    await user.clear(count);
    await user.type(count, '3');
    await user.type(screen.getByLabelText('Note'), 'Fair');
    await user.click(screen.getByRole('button', { name: 'Mint codes' }));

    const heading = await screen.findByRole('heading', { name: '3 codes minted' });
    await waitFor(() => expect(heading).toHaveFocus());  // moved there by the page's effect after the render
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ typeId: 101, count: 3, note: 'Fair' });
    expect(screen.getByText(/These codes are shown only now/)).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'The new codes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(codes);
    for (const item of within(list).getAllByRole('listitem')) expect(item.querySelector('bdi[dir=ltr]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have saved the codes' }));
    expect(screen.queryByRole('list', { name: 'The new codes' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mint codes' })).toBeInTheDocument();
  });

  it('finds a code and voids it after confirming', async () => {
    const user = userEvent.setup();
    const calls = await renderPage();
    await user.type(screen.getByLabelText('Code'), 'aaaa bbbb cccc dddd');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('Open')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Void code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void this code?' });
    expect(within(dialog).getByText(/ending DDDD will answer as unknown/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await screen.findByText('The code is voided.')).toBeInTheDocument();
    expect(await screen.findByText('Voided', { selector: '[data-state]' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/backend/admin/vouchers/codes/find', '/backend/admin/vouchers/codes/c-1/void']);
    expect(calls.find((c) => c.path.endsWith('/find'))?.body).toEqual({ code: 'aaaa bbbb cccc dddd' });
  });
});
