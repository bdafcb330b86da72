/**
 * Issue 72 item 7: a partner tenant offers the sign-in ways its partner defines (commerce §1 isPartner "partner login
 * options flow", §6, §7 getPartnerLoginOptions(url, locale, tenant)), kept in session storage as loginOptionsObject
 * (§3). Before, nothing asked and nothing was kept: every partner tenant showed the storefront's own ways.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_OPTIONS_OBJECT_KEY, resetPartnerLoginOptions } from '@/features/identity/partner-login-options';
import { jsonResponse, renderApp, type FetchHandler } from '@/testing/render-app';
import { STRUCTURES } from '@/testing/sample-structures';

const PARTNER = { features: { isPartner: true, partnerLoginFlow: true }, loginOptions: { email: true, operator: false } };

const ANSWER = {
  tenant: 'aurora',
  lang: 'en',
  options: [
    { id: 'partner', label: 'Sign in with Aurora ID' },
    { id: 'email', label: null },
  ],
};

function partnerAnswers(answer: () => Response): FetchHandler {
  return (url) => (url.pathname.endsWith('/partner/loginOptions/aurora') ? answer() : undefined);
}

function optionsCalls(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://portal.test').pathname.endsWith('/partner/loginOptions/aurora'));
}

async function openSignIn(user: Awaited<ReturnType<typeof renderApp>>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Sign in' }));
  return screen.findByRole('dialog', { name: 'Sign in' });
}

beforeEach(() => resetPartnerLoginOptions());

describe("a partner tenant's sign-in ways", () => {
  it("asks the partner's ways with the locale and the tenant, shows them in its order and words, and keeps them", async () => {
    const { user, fetchMock } = await renderApp({ path: '/', structures: STRUCTURES, globalSettings: PARTNER, fetch: partnerAnswers(() => jsonResponse({ data: ANSWER })) });
    await waitFor(() => expect(optionsCalls(fetchMock)).toHaveLength(1));
    const [url, init] = optionsCalls(fetchMock)[0] as [string, RequestInit];
    expect(new URL(url, 'http://portal.test').searchParams.get('lang')).toBe('en');
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    const dialog = await openSignIn(user);
    const choices = within(dialog).getAllByRole('listitem').map((item) => item.textContent);
    expect(choices).toEqual(['Sign in with Aurora ID', 'Continue with e-mail']);
    const kept = JSON.parse(sessionStorage.getItem(LOGIN_OPTIONS_OBJECT_KEY) ?? 'null') as typeof ANSWER & { storedAt: number };
    expect(kept).toMatchObject(ANSWER);
    expect(typeof kept.storedAt).toBe('number');
  });

  it('uses the kept loginOptionsObject of the session without asking again', async () => {
    sessionStorage.setItem(LOGIN_OPTIONS_OBJECT_KEY, JSON.stringify({ ...ANSWER, options: [{ id: 'email', label: 'E-mail (kept)' }], storedAt: Date.now() }));
    const { user, fetchMock } = await renderApp({ path: '/', structures: STRUCTURES, globalSettings: PARTNER, fetch: partnerAnswers(() => jsonResponse({ data: ANSWER })) });
    const dialog = await openSignIn(user);
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['E-mail (kept)']);
    expect(optionsCalls(fetchMock)).toHaveLength(0);
  });

  it("asks again for another language, or when the kept answer is older than an hour", async () => {
    sessionStorage.setItem(LOGIN_OPTIONS_OBJECT_KEY, JSON.stringify({ ...ANSWER, lang: 'de', storedAt: Date.now() }));
    const first = await renderApp({ path: '/', structures: STRUCTURES, globalSettings: PARTNER, fetch: partnerAnswers(() => jsonResponse({ data: ANSWER })) });
    await waitFor(() => expect(optionsCalls(first.fetchMock)).toHaveLength(1));
    first.unmount();
    resetPartnerLoginOptions();
    sessionStorage.setItem(LOGIN_OPTIONS_OBJECT_KEY, JSON.stringify({ ...ANSWER, storedAt: Date.now() - 3_700_000 }));
    const second = await renderApp({ path: '/', structures: STRUCTURES, globalSettings: PARTNER, fetch: partnerAnswers(() => jsonResponse({ data: ANSWER })) });
    await waitFor(() => expect(optionsCalls(second.fetchMock)).toHaveLength(1));
  });

  it("falls back to the tenant's own ways when the partner fails, and keeps nothing", async () => {
    const failed = () => jsonResponse({ status: 502, error: 'PARTNER_UNAVAILABLE', message: 'the partner answered HTTP 500', data: null }, 502);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, fetchMock } = await renderApp({ path: '/', structures: STRUCTURES, globalSettings: PARTNER, fetch: partnerAnswers(failed) });
    await waitFor(() => expect(optionsCalls(fetchMock)).toHaveLength(1));
    const dialog = await openSignIn(user);
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Continue with e-mail', 'Continue with our partner']);
    expect(sessionStorage.getItem(LOGIN_OPTIONS_OBJECT_KEY)).toBeNull();
  });

  it('a partner tenant without a partner address is kept as such for the session: the next page asks nothing', async () => {
    const notSet = () => jsonResponse({ status: 404, error: 'PARTNER_LOGIN_OPTIONS_NOT_SET', message: 'none', data: null }, 404);
    const first = await renderApp({ path: '/', structures: STRUCTURES, globalSettings: PARTNER, fetch: partnerAnswers(notSet) });
    await waitFor(() => expect(sessionStorage.getItem(LOGIN_OPTIONS_OBJECT_KEY)).not.toBeNull());
    expect(JSON.parse(sessionStorage.getItem(LOGIN_OPTIONS_OBJECT_KEY)!)).toMatchObject({ tenant: 'aurora', lang: 'en', options: [] });
    first.unmount();
    resetPartnerLoginOptions();
    const { user, fetchMock } = await renderApp({ path: '/', structures: STRUCTURES, globalSettings: PARTNER, fetch: partnerAnswers(notSet) });
    const dialog = await openSignIn(user);
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Continue with e-mail', 'Continue with our partner']);
    expect(optionsCalls(fetchMock)).toHaveLength(0);
  });

  it('a tenant that is no partner asks nothing', async () => {
    const { user, fetchMock } = await renderApp({ path: '/', structures: STRUCTURES, fetch: partnerAnswers(() => jsonResponse({ data: ANSWER })) });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(optionsCalls(fetchMock)).toHaveLength(0);
  });
});
