/**
 * Ending many customers' sessions at once (issue 78 item 3): support ticks matches, gives a reason, the dialog names
 * the count and the job is made with their ids; finance, who may read customers but not act on them, gets no
 * selection.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeFetch, notFound, type FakeCall } from '@/admin/testing/fake-fetch';
import { renderConsole } from '@/admin/testing/render-console';
import type { CustomerSearch } from '../customers-api';
import CustomersPage from '../customers-page';

const match = (uuid: string, email: string) => ({ uuid, userId: uuid, email, msisdn: null, name: '', createdAt: '2026-11-01T10:00:00Z', tenant: 'alpha', matchedBy: 'email' });
const found: CustomerSearch = { customers: [match('u-1', 'ann@example.com'), match('u-2', 'bob@example.com')], more: false };
const job = { id: 'j1', kind: 'customers', action: 'endSessions', state: 'finished', total: 2, done: 2, failed: 0, createdAt: 'x', finishedAt: 'y', failures: [] };

async function open(role: string) {
  const calls: FakeCall[] = [];
  const fetchImpl = fakeFetch((call) => {
    calls.push(call);
    if (call.url.pathname === '/backend/admin/customers') return { status: 200, body: { data: found } };
    if (call.url.pathname === '/backend/admin/customers/bulk') return { status: 202, body: { data: { ...job, state: 'queued', done: 0 } } };
    if (call.url.pathname === '/backend/admin/customers/bulk/jobs/j1') return { status: 200, body: { data: job } };
    return notFound();
  });
  await renderConsole(
    <MemoryRouter initialEntries={['/customers?q=example.com']}>
      <Routes>
        <Route path="/customers" element={<CustomersPage />} />
      </Routes>
    </MemoryRouter>,
    { fetchImpl, role },
  );
  await screen.findByText('bob@example.com');
  return calls;
}

describe('ending customers\' sessions in bulk', () => {
  it('support ends every session of the customers ticked, after a dialog naming the count', async () => {
    const user = userEvent.setup();
    const calls = await open('support');
    await user.click(screen.getByRole('checkbox', { name: 'Select the rows of this page' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    await user.selectOptions(within(bar).getByLabelText('Action'), 'endSessions');
    await user.type(within(bar).getByLabelText('Reason'), 'leaked tokens');
    await user.click(within(bar).getByRole('button', { name: 'Apply to the selection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the bulk action' });
    expect(dialog).toHaveTextContent('End every session of \u20682 customers\u2069? They are signed out on every device.');
    await user.click(within(dialog).getByRole('button', { name: /^Start on/ }));
    await waitFor(() => expect(within(dialog).getByText('Finished: 2 changed, 0 refused.')).toBeInTheDocument(), { timeout: 3000 });
    const posted = calls.filter((c) => c.url.pathname === '/backend/admin/customers/bulk');
    expect(posted.map((c) => c.body)).toEqual([{ action: 'endSessions', ids: ['u-1', 'u-2'], reason: 'leaked tokens' }]);
  }, 30_000);

  it('finance, who reads customers but does not act on them, gets no selection', async () => {
    await open('finance');
    expect(screen.queryByRole('checkbox', { name: 'Select the rows of this page' })).toBeNull();
  }, 30_000);
});
