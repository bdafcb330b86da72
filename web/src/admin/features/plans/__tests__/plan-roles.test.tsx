/**
 * Plans are content and money (issue 73 item 4): finance changes a plan's price and retires it but reads its texts;
 * a content editor edits the texts and is told who changes prices.
 */
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeFetch, notFound } from '@/admin/testing/fake-fetch';
import { renderConsole } from '@/admin/testing/render-console';
import PlanEditPage from '../plan-edit-page';
import type { AdminPlan } from '../plans-api';

const plan: AdminPlan = {
  version: 3, id: 101, name: 'Music Basic', state: 'ACTIVE', subscribers: 2, groupId: 'music', level: 0, billingCycle: 'P1M',
  price: { amount: 499, currency: 'EUR' }, promotionPrice: null, maxTrialDuration: null, contingents: [], accumulateContingent: false,
  cancelUrl: null, requiredIdentityFields: [], paymentOptions: ['card'], attributes: [{ key: 'DISPLAY_SERVICE_NAME_TEXT_en', value: 'Music Basic' }],
};
const list = { plans: [plan], groups: [{ id: 'music', levels: [[101]] }], paymentOptions: ['card'], currency: 'EUR' };

async function open(role: string) {
  const fetchImpl = fakeFetch(({ url }) => {
    if (url.pathname.endsWith('/admin/plans/101')) return { status: 200, body: { data: plan } };
    if (url.pathname.endsWith('/admin/plans')) return { status: 200, body: { data: list } };
    return notFound();
  });
  await renderConsole(
    <MemoryRouter initialEntries={['/plans/101']}>
      <Routes>
        <Route path="/plans/:id" element={<PlanEditPage />} />
      </Routes>
    </MemoryRouter>,
    { fetchImpl, role },
  );
  await screen.findByRole('form', { name: /Music Basic/ });
}

describe('who does what on a plan', () => {
  it('finance changes the price and retires, and reads the texts', async () => {
    await open('finance');
    expect(screen.getByRole('heading', { name: 'Change price' })).toBeInTheDocument();
    expect(screen.getByTestId('plans-text-roles')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Internal name' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save plan' })).toBeNull();
  });

  it('a content editor edits the texts and is told who changes prices', async () => {
    await open('editor');
    expect(screen.queryByRole('heading', { name: 'Change price' })).toBeNull();
    expect(screen.getByTestId('plans-price-roles')).toHaveTextContent('Price changes and retirements are made by finance, admins and owners.');
    expect(screen.getByRole('textbox', { name: 'Internal name' })).toBeEnabled();
  });
});
