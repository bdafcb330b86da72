import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeFetch, notFound } from '@/admin/testing/fake-fetch';
import { renderConsole } from '@/admin/testing/render-console';
import CustomerPage from '../customer-page';
import CustomersPage from '../customers-page';
import type { Customer, CustomerSearch } from '../customers-api';

const found: CustomerSearch = {
  customers: [{ uuid: 'u-1', userId: 'gale', email: 'guest@example.com', msisdn: null, name: 'Gale Guest', createdAt: '2026-11-01T10:00:00Z', tenant: 'alpha', matchedBy: 'email' }],
  more: false,
};
const customer: Customer = {
  profile: {
    uuid: 'u-1', userId: 'gale', email: 'guest@example.com', msisdn: null, name: 'Gale', lastName: 'Guest', roles: ['user'], language: 'en', hasPassword: true,
    createdAt: '2026-11-01T10:00:00Z', updatedAt: '2026-11-01T10:00:00Z', tenant: 'alpha',
  },
  sessions: [{ id: 's-1', createdAt: '2026-11-20T10:00:00Z', lastTokenAt: '2026-11-20T10:00:00Z', revokedAt: null, revokeReason: null, open: true }],
  openSessions: 1,
  signIn: { recentFailures: 0, locked: false },
  subscriptions: [
    {
      id: 'sub-1', typeId: 102, plan: 'Premium', status: 'ACTIVE', subState: null, trial: false, cancelRequested: false, startDate: '2026-11-20T10:00:00Z',
      endsAt: null, nextRenewalAt: '2026-12-20T10:00:00Z', paymentOption: 'card', credits: [{ contentTypes: ['audiobook', 'audio_book_chapter'], left: 2 }],
      events: [{ version: 1, fromState: null, toState: 'ACTIVE', toSubState: null, reason: 'checkout', actor: 'user', at: '2026-11-20T10:00:00Z' }],
    },
  ],
  payments: [
    { id: 'pay-1', purpose: 'checkout', reference: 'chk-1', provider: 'sandbox', instrument: 'Visa •••• 4242', amount: 999, currency: 'EUR', status: 'SUCCEEDED', refunded: 0, createdAt: '2026-11-20T10:00:00Z' },
  ],
  purchases: [],
  wallet: [],
  voucherOrders: [],
  parentalControl: true,
  notifications: [],
  unreadNotifications: 0,
  likes: 3,
  ratings: 1,
  tickets: 0,
  challenges: [],
  teams: [],
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

async function renderAt(path: string) {
  const calls: string[] = [];
  const fetchImpl = fakeFetch(({ url }) => {
    calls.push(url.pathname + url.search);
    const answers: Record<string, unknown> = { '/backend/admin/customers': found, '/backend/admin/customers/u-1': customer };
    const data = answers[url.pathname];
    return data === undefined ? notFound('CUSTOMER_NOT_FOUND') : { status: 200, body: { data } };
  });
  await renderConsole(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/customers" element={<CustomersPage />} />
        <Route path="/customers/:userId" element={<CustomerPage />} />
      </Routes>
      <Where />
    </MemoryRouter>,
    { fetchImpl, role: 'support' },
  );
  return calls;
}

describe('the customers pages', { timeout: 30_000 }, () => {
  it('keeps the query in the address, lists the matches and opens a customer', async () => {
    const user = userEvent.setup();
    const calls = await renderAt('/customers');
    await user.type(screen.getByLabelText('E-mail, mobile number, user id, payment or voucher code'), 'guest@example.com');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByRole('heading', { name: '1 customer found' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/customers?q=guest%40example.com');
    expect(calls).toContain('/backend/admin/customers?q=guest%40example.com');
    expect(screen.getByText('E-mail')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'guest@example.com' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Gale Guest' })).toBeInTheDocument();
  });

  it("shows a customer's sections, amounts through the formatter, parental control only as on or off", async () => {
    await renderAt('/customers/u-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gale Guest' })).toBeInTheDocument();
    for (const name of ['Profile', 'Sign-ins and sessions', 'Subscriptions', 'Payments', 'Single purchases', 'Wallet', 'Voucher orders', 'Likes, ratings, challenges and teams', 'Recent notifications'])
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Premium' })).toBeInTheDocument();
    expect(screen.getByText('2 credits (Audiobook, Chapter)')).toBeInTheDocument();  // by their names (issue 73 item 5)
    expect(screen.getByText('1 open session.', { exact: false })).toBeInTheDocument();
    const payments = screen.getByRole('table', { name: 'Payments' });
    expect(within(payments).getByText('€9.99')).toBeInTheDocument();
    expect(within(payments).getByText('sandbox · Visa •••• 4242')).toBeInTheDocument();
    expect(screen.getByText('3 likes')).toBeInTheDocument();
    expect(screen.getByText('On')).toBeInTheDocument();
  });

  it('says when the customer is not found', async () => {
    await renderAt('/customers/nobody');
    expect(await screen.findByText('This customer was not found in this tenant.')).toBeInTheDocument();
  });
});
