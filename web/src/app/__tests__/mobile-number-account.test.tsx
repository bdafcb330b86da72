/**
 * Issue 72 item 8: an account made by its mobile number (operator sign-in: no name, no e-mail) showed "?" on the
 * account button, had an empty accessible name, a menu with neither name nor number, and subscribing by mobile bill
 * asked for the number again. The number is the account's name (formatted, left to right in Arabic too), the button
 * names the menu and the account, and the mobile bill is paid with the number the account has.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '@/features/identity/api/get-profile';
import { resetSubscriptionStore } from '@/features/subscriptions/store';
import type { SubscriptionType } from '@/features/subscriptions/types';
import { browser } from '@/lib/browser';
import { TEST_USER, jsonResponse, renderApp, testToken, type FetchHandler } from '@/testing/render-app';
import { STRUCTURES } from '@/testing/sample-structures';

const LRI = '\u2066';
const PDI = '\u2069';
const NBSP = '\u00A0';
/** The number as formatPhoneNumber writes it: groups joined by no-break spaces. */
const EN_NUMBER = ['+971', '50', '000', '0001'].join(NBSP);

const BY_NUMBER: UserProfile = { ...TEST_USER, name: '', lastName: '', email: '', userInformation: { msisdn: '971500000001' }, msisdn: '971500000001' };

beforeEach(() => {
  vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
  resetSubscriptionStore();
});
afterEach(() => resetSubscriptionStore());

describe('an account made by its mobile number', () => {
  it('is named by its number on the account button and in the menu, never "?"', async () => {
    const { user } = await renderApp({ path: '/music/tracks', structures: STRUCTURES, token: testToken(), profile: BY_NUMBER });
    const trigger = await screen.findByRole('button', { name: `Account menu: ${LRI}${EN_NUMBER}${PDI}` });
    expect(trigger).not.toHaveTextContent('?');
    expect(trigger.querySelector('svg')).not.toBeNull();
    await user.click(trigger);
    const label = await screen.findByTestId('account-menu-label');
    expect(label).toHaveTextContent('+971 50 000 0001');
    const number = within(label).getByText('+971 50 000 0001');
    expect(number.closest('bdi')).toHaveAttribute('dir', 'ltr');
  });

  it('in Arabic: the number in Arabic-Indic digits, isolated left to right', async () => {
    const { user } = await renderApp({ path: '/ar/music/tracks', lang: 'ar', structures: STRUCTURES, token: testToken(), profile: BY_NUMBER });
    const number = ['+٩٧١', '٥٠', '٠٠٠', '٠٠٠١'].join(`${NBSP}\u200E`);  // a left-to-right mark after each space (formatPhoneNumber)
    const trigger = await screen.findByRole('button', { name: `قائمة الحساب: ${LRI}${number}${PDI}` });
    await user.click(trigger);
    const label = await screen.findByTestId('account-menu-label');
    const shown = [...label.querySelectorAll('bdi')].find((bdi) => bdi.textContent === number);
    expect(shown).toHaveAttribute('dir', 'ltr');
  });

  it('a name given later is the name; the number stays in the menu', async () => {
    const { user } = await renderApp({ path: '/music/tracks', structures: STRUCTURES, token: testToken(), profile: { ...BY_NUMBER, name: 'Nadia' } });
    await user.click(await screen.findByRole('button', { name: 'Account menu: Nadia, N' }));
    const label = await screen.findByTestId('account-menu-label');
    expect(label).toHaveTextContent('Nadia');
    expect(within(label).getByText('+971 50 000 0001').closest('bdi')).toHaveAttribute('dir', 'ltr');
  });

  it('an e-mail account keeps its name and initials', async () => {
    await renderApp({ path: '/music/tracks', structures: STRUCTURES, token: testToken() });
    expect(await screen.findByRole('button', { name: 'Account menu: Sara Haddad, SH' })).toHaveTextContent('SH');
  });

  it('the profile page shows the number as the name', async () => {
    await renderApp({ path: '/profile', structures: STRUCTURES, token: testToken(), profile: BY_NUMBER });
    const name = await screen.findByText('+971 50 000 0001', { selector: 'bdi' });
    expect(name).toHaveAttribute('dir', 'ltr');
    expect(screen.queryByText('?')).toBeNull();
  });
});

const PLAN: SubscriptionType = {
  id: 102,
  name: 'Music Plus',
  billingCycle: 'P1M',
  subscriptionTypePrice: { amount: 999, currency: 'EUR' },
  subscriptionTypePromotionPrice: null,
  attributes: [
    { key: 'ment_category', value: '["music"]' },
    { key: 'DISPLAY_SERVICE_NAME_TEXT_en', value: 'Music Plus' },
  ],
  contingents: [{ contentTypes: ['full_track_music'], amount: 10 }],
  accumulateContingent: false,
  cancelUrl: null,
  maxTrialDuration: null,
  paymentOptions: [],
  subscriptionTypeGroupList: [],
};

function operatorFlow(pinAnswer: () => Response): FetchHandler {
  return (url, init) => {
    if (url.pathname.endsWith('/subscription/type')) return jsonResponse({ data: [PLAN] });
    if (url.pathname.endsWith('/subscription/isFreeTrialEligible')) return jsonResponse({ data: { eligible: false, subscriptionTypeIds: [] } });
    if (url.pathname.endsWith('/subscription') && (init?.method ?? 'GET') === 'GET') return jsonResponse({ data: [] });
    if (url.pathname.endsWith('/subscription') && init?.method === 'POST')
      return jsonResponse({ data: { type: 'onclick', purchaseID: 'p-1', url: null, options: [{ uuid: 'o-op', code: 'operator', name: 'Mobile bill', flow: 'API', redirectionUrl: null }] } });
    if (url.pathname.endsWith('/subscription/api')) return pinAnswer();
    return undefined;
  };
}

function apiBodies(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls
    .filter(([url]) => new URL(String(url), 'http://portal.test').pathname.endsWith('/subscription/api'))
    .map(([, init]) => (JSON.parse((init as RequestInit).body as string) as { body: Record<string, string> }).body);
}

describe('subscribing by mobile bill with the account\'s number', () => {
  it('sends the PIN to the number the account has, without asking for it', async () => {
    const pin = () => jsonResponse({ data: { nextApiFlowStep: 'PIN', message: 'sent', sandboxPin: '4321' } });
    const { user, fetchMock } = await renderApp({ path: '/subscription', structures: STRUCTURES, token: testToken(), profile: BY_NUMBER, fetch: operatorFlow(pin) });
    const card = (await screen.findAllByTestId('plan-card'))[0]!;
    await user.click(within(card).getByRole('button', { name: 'Subscribe: Music Plus' }));
    const flow = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    expect(within(flow).queryByLabelText('Mobile number')).toBeNull();
    const known = within(flow).getByTestId('known-msisdn');
    expect(known).toHaveTextContent('We will send a code by SMS to your number +971 50 000 0001.');
    expect(within(known).getByText('+971 50 000 0001').tagName).toBe('BDI');
    await user.click(within(flow).getByRole('button', { name: 'Send PIN' }));
    expect(await within(flow).findByTestId('sandbox-pin')).toHaveTextContent('4321');
    expect(apiBodies(fetchMock)).toEqual([{ msisdn: '971500000001' }]);
  });

  it('"Use another number" asks for one, and a number the operator refuses asks too', async () => {
    const { user, fetchMock } = await renderApp({
      path: '/subscription',
      structures: STRUCTURES,
      token: testToken(),
      profile: BY_NUMBER,
      fetch: operatorFlow(() => jsonResponse({ status: 400, error: 'INVALID_MSISDN', message: 'msisdn: 8 to 15 digits', data: { field: 'msisdn' } }, 400)),
    });
    const card = (await screen.findAllByTestId('plan-card'))[0]!;
    await user.click(within(card).getByRole('button', { name: 'Subscribe: Music Plus' }));
    const flow = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    await user.click(within(flow).getByRole('button', { name: 'Send PIN' }));
    await waitFor(() => expect(within(flow).getByLabelText('Mobile number')).toBeInTheDocument());
    expect(apiBodies(fetchMock)).toEqual([{ msisdn: '971500000001' }]);
  });
});
