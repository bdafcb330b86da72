/**
 * Retiring many plans at once (issue 78 item 3): finance selects plans in the grid, picks a successor, the dialog names
 * the count, and the job is made with the ids, the successor and an Idempotency-Key; a content editor (who may not
 * retire a plan) gets no selection.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeFetch, notFound, type FakeCall } from '@/admin/testing/fake-fetch';
import { renderConsole } from '@/admin/testing/render-console';
import type { AdminPlan } from '../plans-api';
import PlansPage from '../plans-page';

const plan = (id: number, name: string): AdminPlan => ({
  version: 1, id, name, state: 'ACTIVE', subscribers: 0, groupId: null, level: -1, billingCycle: 'P1M',
  price: { amount: 499, currency: 'EUR' }, promotionPrice: null, maxTrialDuration: null, contingents: [], accumulateContingent: false,
  cancelUrl: null, requiredIdentityFields: [], paymentOptions: ['card'], attributes: [{ key: 'DISPLAY_SERVICE_NAME_TEXT_en', value: name }],
});
const list = { plans: [plan(101, 'Music Basic'), plan(102, 'Music Plus'), plan(103, 'Music Max')], groups: [], paymentOptions: ['card'], currency: 'EUR' };

async function open(role: string) {
  const calls: FakeCall[] = [];
  const fetchImpl = fakeFetch((call) => {
    calls.push(call);
    if (call.url.pathname === '/backend/admin/plans') return { status: 200, body: { data: list } };
    if (call.url.pathname === '/backend/admin/plans/bulk') {
      return { status: 202, body: { data: { id: 'j1', kind: 'plans', action: 'retire', state: 'finished', total: 2, done: 2, failed: 0, createdAt: 'x', failures: [] } } };
    }
    if (call.url.pathname === '/backend/admin/plans/bulk/jobs/j1') {
      return { status: 200, body: { data: { id: 'j1', kind: 'plans', action: 'retire', state: 'finished', total: 2, done: 2, failed: 0, createdAt: 'x', finishedAt: 'y', failures: [] } } };
    }
    return notFound();
  });
  await renderConsole(
    <MemoryRouter initialEntries={['/plans']}>
      <Routes>
        <Route path="/plans" element={<PlansPage />} />
      </Routes>
    </MemoryRouter>,
    { fetchImpl, role },
  );
  await screen.findByText('Music Max');
  return calls;
}

describe('retiring plans in bulk', () => {
  it('finance retires two plans onto a third after a dialog naming the count', async () => {
    const user = userEvent.setup();
    const calls = await open('finance');
    await user.click(screen.getByRole('checkbox', { name: 'Select Music Basic' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Music Plus' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    await user.selectOptions(within(bar).getByLabelText('Action'), 'retire');
    await user.selectOptions(within(bar).getByLabelText('Successor'), '103');
    await user.click(within(bar).getByRole('button', { name: 'Apply to the selection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the bulk action' });
    expect(dialog).toHaveTextContent('Retire \u20682 plans\u2069? They are sold no more, and their subscribers renew onto \u2068Music Max\u2069.');
    await user.click(within(dialog).getByRole('button', { name: /^Start on/ }));
    await waitFor(() => expect(within(dialog).getByText('Finished: 2 changed, 0 refused.')).toBeInTheDocument(), { timeout: 3000 });
    const posted = calls.filter((c) => c.url.pathname === '/backend/admin/plans/bulk');
    expect(posted.map((c) => c.body)).toEqual([{ action: 'retire', ids: [101, 102], successorId: 103 }]);
    expect(new Headers(posted[0]!.init?.headers).get('Idempotency-Key')).toMatch(/.+/);
  }, 30_000);

  it('a content editor, who may not retire a plan, gets no selection', async () => {
    await open('editor');
    expect(screen.queryByRole('checkbox', { name: 'Select Music Basic' })).toBeNull();
  }, 30_000);
});
