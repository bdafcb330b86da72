/** `double-opt-in` (commerce §2): before an operator charge, where the tenant asks for it, a ticked consent opens the API flow. */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@/locales/en/messages.json';
import { configureApiClient } from '@/lib/api-client';
import { dialogStore, openDialog, resetDialogs } from '@/lib/dialogs';
import { initI18n } from '@/lib/i18n';
import { portalStore } from '@/lib/store';
import { DoubleOptInDialog } from '../dialogs/double-opt-in-dialog';
import { executePaymentOption, needsDoubleOptIn, subscribeToPlan } from '../flow';
import { subscriptionStore } from '../store';
import type { PaymentOption } from '../types';
import { plan } from './fixtures';

const operator: PaymentOption = { uuid: 'op-1', code: 'operator', name: 'Aurora Mobile', flow: 'API', redirectionUrl: null };
const card: PaymentOption = { uuid: 'card-1', code: 'card', name: 'Saved card', flow: 'API', redirectionUrl: null };
const open = () => [...dialogStore.getState().open];

afterEach(() => {
  resetDialogs();
  portalStore.getState().setConfigs({});
});

describe('when the double opt-in is asked', () => {
  it('only for an operator charge through the API flow, and only when the tenant turns it on', () => {
    expect(needsDoubleOptIn(operator, { doubleOptIn: true })).toBe(true);
    expect(needsDoubleOptIn(operator, { doubleOptIn: false })).toBe(false);
    expect(needsDoubleOptIn(operator, undefined)).toBe(false);
    expect(needsDoubleOptIn(card, { doubleOptIn: true })).toBe(false);
    expect(needsDoubleOptIn({ ...operator, flow: 'WEB', redirectionUrl: 'https://op.example' }, { doubleOptIn: true })).toBe(false);
  });
  it('comes between the payment options and the API flow', () => {
    portalStore.getState().setConfigs({ features: { doubleOptIn: true } });
    openDialog('payment-options');
    executePaymentOption(7, operator);
    expect(open()).toEqual(['double-opt-in']);
    resetDialogs();
    portalStore.getState().setConfigs({ features: {} });
    executePaymentOption(7, operator);
    expect(open()).toEqual(['subscription-api-flow']);
  });
});

describe('DoubleOptInDialog', () => {
  it('names plan, price and operator; goes on only once the consent is ticked, which the subscribe call then carries (issue 47 item 7)', async () => {
    subscriptionStore.getState().setTypes([plan(7, { name: 'Music Plus', subscriptionTypePrice: { amount: 499, currency: 'EUR' }, billingCycle: 'P1M' })], null);
    portalStore.getState().setConfigs({ features: { doubleOptIn: true } });
    portalStore.getState().setUser({ role: 'user', uuid: 'u-7' });
    const bodies: Record<string, unknown>[] = [];
    const checkout = { purchaseID: 'co-1', type: 'onclick', url: null, options: [operator] };
    const fetchImpl = vi.fn((_input: string, init?: RequestInit) => {
      bodies.push(JSON.parse(init?.body as string) as Record<string, unknown>);
      return Promise.resolve(new Response(JSON.stringify({ data: checkout }), { status: 200, headers: { 'content-type': 'application/json' } }));
    });
    configureApiClient({ baseUrl: 'http://backend.test/backend', tenantName: 'aurora', fetchImpl: fetchImpl as unknown as typeof fetch, getAccessToken: () => 'token', onUnauthorized: () => undefined });
    await subscribeToPlan(7, { lang: 'en', pageUrl: 'http://localhost/subscription' });
    expect(open()).toEqual(['double-opt-in']);
    expect(bodies[0]).toMatchObject({ subscriptionTypeId: 7, userId: 'u-7' });
    expect(bodies[0]).not.toHaveProperty('subscriptionConsentList');

    const i18n = await initI18n('en', en);
    render(
      <I18nextProvider i18n={i18n}>
        <DoubleOptInDialog />
      </I18nextProvider>,
    );
    expect(await screen.findByRole('dialog', { name: 'Confirm the charge' })).toBeInTheDocument();
    expect(screen.getByTestId('double-opt-in-price')).toHaveTextContent('€4.99 per month');
    expect(screen.getByText('Aurora Mobile')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Agree and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tick the box');
    expect(open()).toEqual(['double-opt-in']);
    expect(bodies).toHaveLength(1);
    await userEvent.click(screen.getByRole('checkbox', { name: /added to my mobile phone bill/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Agree and continue' }));
    await waitFor(() => expect(open()).toEqual(['subscription-api-flow']));
    // What the customer ticked, for the operator's option, on the same call (commerce §7).
    expect(bodies[1]).toMatchObject({
      subscriptionTypeId: 7,
      userId: 'u-7',
      selectedOptions: ['operator'],
      subscriptionConsentList: [{ id: 'doubleOptIn', paymentOption: 'operator', text: en.dialogs.doubleOptIn.consent, lang: 'en' }],
    });
    expect(subscriptionStore.getState().flow.apiFlow?.option.uuid).toBe('op-1');
  });
});
