/** A new plan's credits can be unlimited at creation (issue 73 item 6): the contingent's amount is -1. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, notFound, type FakeCall } from '@/admin/testing/fake-fetch';
import { renderConsole } from '@/admin/testing/render-console';
import { NewPlan } from '../components/new-plan';

describe('a new plan', () => {
  it('can include unlimited credits', async () => {
    const created: FakeCall[] = [];
    const fetchImpl = fakeFetch((call) => {
      if (call.url.pathname.endsWith('/admin/payment-options')) return { status: 200, body: { data: { options: [{ code: 'card', provider: 'sandbox', name: { en: 'Card' }, plans: [] }], providers: [] } } };
      if (call.url.pathname.endsWith('/admin/plans') && call.method === 'POST') {
        created.push(call);
        return { status: 200, body: { data: { id: 700 } } };
      }
      return notFound();
    });
    const onCreated = vi.fn(() => Promise.resolve());
    await renderConsole(<NewPlan currency="EUR" onCreated={onCreated} />, { fetchImpl, role: 'editor' });
    await userEvent.click(await screen.findByText('New plan'));
    await userEvent.type(await screen.findByLabelText('Internal name'), 'All you can hear');
    await userEvent.type(screen.getByLabelText('Price (EUR)'), '9.99');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Card' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Album' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Unlimited' }));
    expect(screen.getByRole('spinbutton', { name: 'Credits per period' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Create the plan' }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect((created[0]?.body as { contingents: unknown }).contingents).toEqual([{ contentTypes: ['album'], amount: -1 }]);
  }, 30_000);
});
