/**
 * Issue 73 items 2 and 6: a console error shows the server's reason and says whether anything was saved (Stripe
 * unreachable was "That did not work. Try again."), and an editor sees that the Stripe account is for owners and
 * admins instead of a panel that spins on a 403.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch, notFound } from '@/admin/testing/fake-fetch';
import { renderConsole } from '@/admin/testing/render-console';
import { StripeAccountSection } from '../components/stripe-account-section';

const ACCOUNT = { publishableKey: null, secretKeyLast4: null, webhookSecretLast4: null, mode: 'test', webhookUrl: 'https://alpha.example/backend/payments/stripe/webhook/alpha', version: 0, events: [] };

describe('the Stripe account panel', () => {
  it('shows the server’s reason when saving fails, and that nothing was saved', async () => {
    const fetchImpl = fakeFetch(({ method, url }) => {
      if (!url.pathname.endsWith('/payment-providers/stripe')) return notFound();
      if (method === 'GET') return { status: 200, body: { data: ACCOUNT } };
      return { status: 502, body: { status: 502, error: 'PAYMENT_PROVIDER_UNAVAILABLE', message: 'Stripe could not be reached: Host not found', data: null } };
    });
    await renderConsole(<StripeAccountSection />, { fetchImpl, role: 'owner' });
    await userEvent.type(await screen.findByLabelText(/Publishable key/), 'pk_test_51Abc');
    await userEvent.type(screen.getByLabelText(/Secret key/), 'sk_test_51Abc');
    await userEvent.type(screen.getByLabelText(/Webhook signing secret/), 'whsec_abc');
    await userEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('That did not work: Stripe could not be reached: Host not found Nothing was saved.')).toBeInTheDocument();
  });

  it('tells an editor the account is for owners and admins, without asking the server', async () => {
    const fetchImpl = fakeFetch(() => ({ status: 403, body: { status: 403, error: 'STAFF_ROLE_REQUIRED', message: 'x', data: null } }));
    await renderConsole(<StripeAccountSection />, { fetchImpl, role: 'editor' });
    expect(screen.getByTestId('stripe-admins-only')).toHaveTextContent("Only the tenant's owners and admins see and change the Stripe account.");
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
