/**
 * A plan held for a failed renewal (issue 72 items 4 and 13). The plans page showed it as "Payment pending" with no
 * button, and the manage page read "Payment pending | Ends on Dec 29, 2026" (the failed period, already past) beside
 * "stays active until Jan 3, 2027", its "Pay now" retrying the saved card. Now both pages offer "Pay now", which opens
 * the plan's ways to pay (another card, the mobile bill), and the row says one true date: the grace's end.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { resetSubscriptionStore } from '@/features/subscriptions/store';
import type { SubscriptionType, UserSubscription } from '@/features/subscriptions/types';
import { browser } from '@/lib/browser';
import { jsonResponse, renderApp, testToken, type FetchHandler } from '@/testing/render-app';
import { STRUCTURES } from '@/testing/sample-structures';

const PLAN: SubscriptionType = {
  id: 202,
  name: 'Video Plus',
  billingCycle: 'P1M',
  subscriptionTypePrice: { amount: 999, currency: 'EUR' },
  subscriptionTypePromotionPrice: null,
  attributes: [
    { key: 'ment_category', value: '["video"]' },
    { key: 'DISPLAY_SERVICE_NAME_TEXT_en', value: 'Video Plus' },
  ],
  contingents: [],
  accumulateContingent: false,
  cancelUrl: null,
  maxTrialDuration: null,
  paymentOptions: [],
  subscriptionTypeGroupList: [],
};

// Renewal of Dec 29, 2026 failed: ACTIVE, its payment pending, in grace until Jan 3, 2027.
const HELD: UserSubscription = {
  id: 'held-1',
  typeId: 202,
  state: 'ACTIVE',
  subState: 'PENDING',
  active: true,
  trial: false,
  startDate: '2026-11-29T10:00:00Z',
  endDate: '2026-12-29T10:00:00Z',
  nextRenewalDate: '2026-12-29T10:00:00Z',
  graceUntil: '2027-01-03T10:00:00Z',
  cancelRequested: false,
  contingents: [],
  paymentOption: 'card',
  createdAt: '2026-11-29T10:00:00Z',
  updatedAt: '2026-12-29T10:00:00Z',
  partnerMetadata: {},
  marketingCampaign: null,
  consents: [],
  subscriptionTypeGroupList: [],
};

const OFFER = {
  type: 'onclick',
  purchaseID: 'pay-again-1',
  url: null,
  options: [
    { uuid: 'o-card', code: 'card', name: 'Card', flow: 'WEB', redirectionUrl: 'http://localhost:18082/backend/checkout/o-card?lang=en' },
    { uuid: 'o-bill', code: 'operator', name: 'Mobile bill', flow: 'API', redirectionUrl: null },
  ],
};

let assign: MockInstance<(url: string) => void>;
beforeEach(() => {
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
  resetSubscriptionStore();
});
afterEach(() => resetSubscriptionStore());

function backend(subscriptions: UserSubscription[], offer: unknown = OFFER): FetchHandler {
  return (url, init) => {
    if (url.pathname.endsWith('/subscription/type')) return jsonResponse({ data: [PLAN] });
    if (url.pathname.endsWith('/subscription/isFreeTrialEligible')) return jsonResponse({ data: { eligible: false, subscriptionTypeIds: [] } });
    if (url.pathname.endsWith('/subscription') && (init?.method ?? 'GET') === 'GET') return jsonResponse({ data: subscriptions });
    if (url.pathname.endsWith('/subscription/payAgain/held-1') && init?.method === 'POST') return jsonResponse({ data: offer });
    return undefined;
  };
}

function payAgainCalls(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls.filter(([url, init]) => String(url).includes('/subscription/payAgain/') && (init as RequestInit | undefined)?.method === 'POST');
}

describe('the manage page of a held plan', () => {
  it('says one true date, in words that fit a held plan', async () => {
    await renderApp({ path: '/profile/manage', structures: STRUCTURES, token: testToken(), fetch: backend([HELD]) });
    const row = await screen.findByTestId('user-subscription');
    expect(within(row).getByTestId('subscription-state')).toHaveTextContent('Payment due');
    expect(await within(row).findByText('Active until Jan 3, 2027')).toBeInTheDocument();
    expect(within(row).queryByText(/Payment pending/)).toBeNull();
    expect(within(row).queryByText(/Dec 29, 2026/)).toBeNull();
    // One date in the whole row: the grace's end.
    expect(row.textContent.match(/[A-Z][a-z]{2} \d{1,2}, \d{4}/g)).toEqual(['Jan 3, 2027']);
  });

  it('"Pay now" offers another card and the mobile bill; the card opens its secure page', async () => {
    const { user, fetchMock } = await renderApp({ path: '/profile/manage', structures: STRUCTURES, token: testToken(), fetch: backend([HELD]) });
    const held = await screen.findByTestId('subscription-held');
    await user.click(within(held).getByRole('button', { name: 'Pay now' }));
    const dialog = await screen.findByRole('dialog', { name: 'How would you like to pay?' });
    const [call] = payAgainCalls(fetchMock);
    const body = JSON.parse((call![1] as RequestInit).body as string) as { redirect: string; lang: string };
    expect(new URL(body.redirect).pathname).toBe('/profile/manage');
    expect(body.lang).toBe('en');
    expect(within(dialog).getByRole('button', { name: /Mobile bill/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Card/ }));
    expect(assign).toHaveBeenCalledWith('http://localhost:18082/backend/checkout/o-card?lang=en');
  }, 20_000);  // the payment-options dialog is a lazy part
});

describe('the plans page of a held plan', () => {
  it('has "Pay now" and the grace\'s end instead of a dead "Payment pending"', async () => {
    const single = { ...OFFER, type: 'redirect', url: OFFER.options[0]!.redirectionUrl, options: [OFFER.options[0]] };
    const { user, fetchMock } = await renderApp({ path: '/subscription', structures: STRUCTURES, token: testToken(), fetch: backend([HELD], single) });
    const card = await screen.findByTestId('plan-card');
    expect(await within(card).findByText('Payment due – active until Jan 3, 2027')).toBeInTheDocument();
    expect(within(card).queryByText('Payment pending')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Pay now: Video Plus' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:18082/backend/checkout/o-card?lang=en'));
    expect(payAgainCalls(fetchMock)).toHaveLength(1);
  });

  it('a first payment under way still says "Payment pending", with nothing to press', async () => {
    const requested = { ...HELD, state: 'REQUESTED', graceUntil: null, nextRenewalDate: null, endDate: null } as UserSubscription;
    await renderApp({ path: '/subscription', structures: STRUCTURES, token: testToken(), fetch: backend([requested]) });
    const card = await screen.findByTestId('plan-card');
    expect(await within(card).findByText('Payment pending')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
  });
});
