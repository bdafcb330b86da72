/** Voucher actions (issue 47 item 12): "Email my codes again" is offered only for codes the customer bought and can still redeem. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@/locales/en/messages.json';
import { configureApiClient } from '@/lib/api-client';
import { initI18n } from '@/lib/i18n';
import { portalStore, resetPortalStore } from '@/lib/store';
import { VoucherActions } from '../components/voucher-actions';

function backend(codesHeld: number | null) {
  const product = { id: 8006, contentType: 'voucher', price: { amount: 2500, currency: 'EUR' }, grants: [], codesHeld };
  const fetchImpl = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ data: product }), { status: 200, headers: { 'content-type': 'application/json' } })));
  configureApiClient({ baseUrl: 'http://backend.test/backend', tenantName: 'aurora', fetchImpl, getAccessToken: () => 'token', onUnauthorized: () => undefined });
}

async function renderActions() {
  const i18n = await initI18n('en', en);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <VoucherActions productId={8006} quantity={1} onSignIn={() => undefined} onCheckout={() => undefined} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  await screen.findByRole('button', { name: en.vouchers.buyNow });
}

afterEach(() => resetPortalStore());

describe('VoucherActions', () => {
  it('offers to mail the codes again only to a customer who holds some', async () => {
    portalStore.getState().setUser({ role: 'user', uuid: 'u-1' });
    backend(2);
    await renderActions();
    expect(await screen.findByRole('button', { name: en.vouchers.resend })).toBeInTheDocument();
  });

  it('offers no resend for codes never bought', async () => {
    portalStore.getState().setUser({ role: 'user', uuid: 'u-2' });
    backend(0);
    await renderActions();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: en.vouchers.resend })).toBeNull();
  });
});
