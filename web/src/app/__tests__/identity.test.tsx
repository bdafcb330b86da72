import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { AUTH_TOKEN_KEY, readAuthToken } from '@/lib/auth-token';
import { browser } from '@/lib/browser';
import { portalStore } from '@/lib/store';
import { TEST_USER, jsonResponse, renderApp, testToken, type FetchHandler } from '@/testing/render-app';
import { STRUCTURES } from '@/testing/sample-structures';

const FRESH = { access_token: 'access-2', refresh_token: 'refresh-2', expires: Date.now() + 900_000 };

function calls(fetchMock: ReturnType<typeof vi.fn>, path: string, method?: string) {
  return fetchMock.mock.calls.filter(([url, init]) => new URL(String(url), 'http://portal.test').pathname.endsWith(path) && (!method || (init as RequestInit | undefined)?.method === method));
}

function body(call: unknown[] | undefined): unknown {
  return JSON.parse((call?.[1] as RequestInit).body as string) as unknown;
}

function headers(call: unknown[] | undefined): Record<string, string> {
  return (call?.[1] as RequestInit).headers as Record<string, string>;
}

let assign: MockInstance<(url: string) => void>;
let reload: MockInstance<() => void>;

beforeEach(() => {
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
  reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('authentication sequence (spec §4)', () => {
  it('1: exchanges ?code= for a token with the page URL without code, hands it to the server, then drops the code', async () => {
    const handler: FetchHandler = (url) => (url.pathname.endsWith('/security/token') ? jsonResponse({ data: FRESH }) : undefined);
    const { fetchMock, router } = await renderApp({ path: '/ar/profile?articleId=5&code=abc', structures: STRUCTURES, fetch: handler });
    await waitFor(() => expect(router.state.location.search).toBe('?articleId=5'));
    expect(router.state.location.pathname).toBe('/ar/profile');
    expect(body(calls(fetchMock, '/security/token')[0])).toEqual({ code: 'abc', redirectUrl: 'http://localhost/ar/profile?articleId=5' });
    expect(headers(calls(fetchMock, '/security/token')[0]).Authorization).toBeUndefined();
    expect(readAuthToken()).toEqual(FRESH);
    expect(body(calls(fetchMock, '/userToken')[0])).toEqual({ accessToken: 'access-2' });
    // 4, 5: the profile loads with the new bearer; the role is user; the protected page shows.
    expect(headers(calls(fetchMock, '/user/profile')[0]).Authorization).toBe('Bearer access-2');
    expect(portalStore.getState().role).toBe('user');
    expect(await screen.findByText('Sara Haddad')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('2: refreshes an expired token before loading the profile', async () => {
    const handler: FetchHandler = (url) => (url.pathname.endsWith('/security/token/refresh') ? jsonResponse({ data: FRESH }) : undefined);
    const { fetchMock } = await renderApp({ path: '/', structures: STRUCTURES, token: testToken({ expired: true }), fetch: handler });
    expect(await screen.findByRole('button', { name: 'Account menu: Sara Haddad, SH' })).toBeInTheDocument();
    expect(body(calls(fetchMock, '/security/token/refresh')[0])).toEqual({ refreshToken: 'refresh-1' });
    expect(readAuthToken()).toEqual(FRESH);
    expect(headers(calls(fetchMock, '/user/profile')[0]).Authorization).toBe('Bearer access-2');
    expect(body(calls(fetchMock, '/userToken')[0])).toEqual({ accessToken: 'access-2' });
  });

  it('2: a failed refresh logs out without reloading', async () => {
    const handler: FetchHandler = (url) =>
      url.pathname.endsWith('/security/token/refresh') ? jsonResponse({ status: 401, error: 'UNAUTHORIZED', message: 'spent', data: null }, 401) : undefined;
    const { fetchMock } = await renderApp({ path: '/', structures: STRUCTURES, token: testToken({ expired: true }), fetch: handler });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(calls(fetchMock, '/user/profile')).toHaveLength(0);
    await waitFor(() => expect(calls(fetchMock, '/userToken').map(body)).toEqual([{ accessToken: '' }]));
    expect(portalStore.getState().role).toBe('client');
    expect(reload).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('2: a refresh refused with 400 invalid_grant logs out', async () => {
    const handler: FetchHandler = (url) =>
      url.pathname.endsWith('/security/token/refresh') ? jsonResponse({ status: 400, error: 'invalid_grant', message: 'spent', data: null }, 400) : undefined;
    await renderApp({ path: '/', structures: STRUCTURES, token: testToken({ expired: true }), fetch: handler });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('2: offline, a refresh that gets no answer keeps the session and its token (issue 30)', async () => {
    const handler: FetchHandler = (url) => {
      if (url.pathname.endsWith('/security/token/refresh')) throw new TypeError('Failed to fetch');
      return undefined;
    };
    const token = testToken({ expired: true });
    await renderApp({ path: '/', structures: STRUCTURES, token, payloadUser: { ...TEST_USER, name: 'Payload' }, fetch: handler });
    // The kept page's payload names the account: still signed in, the kept tracks' owner known.
    expect(await screen.findByRole('button', { name: 'Account menu: Payload Haddad, PH' })).toBeInTheDocument();
    expect(portalStore.getState().role).toBe('user');
    expect(readAuthToken()).toEqual(token);
    expect(reload).not.toHaveBeenCalled();
  });

  it('2: a server error from the refresh keeps the token too', async () => {
    const handler: FetchHandler = (url) =>
      url.pathname.endsWith('/security/token/refresh') ? jsonResponse({ status: 503, error: 'UNAVAILABLE', message: 'down', data: null }, 503) : undefined;
    const token = testToken({ expired: true });
    await renderApp({ path: '/', structures: STRUCTURES, token, payloadUser: TEST_USER, fetch: handler });
    expect(await screen.findByRole('button', { name: 'Account menu: Sara Haddad, SH' })).toBeInTheDocument();
    expect(readAuthToken()).toEqual(token);
  });

  it('4: an unreachable profile keeps the token for the next load', async () => {
    const handler: FetchHandler = (url) => {
      if (url.pathname.endsWith('/user/profile')) throw new TypeError('Failed to fetch');
      return undefined;
    };
    const token = testToken();
    await renderApp({ path: '/', structures: STRUCTURES, token, fetch: handler });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(readAuthToken()).toEqual(token);
  });

  it('3: without a refresh token the visitor is a guest and nothing is asked', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, JSON.stringify({ access_token: 'a', refresh_token: '', expires: Date.now() + 60_000 }));
    const { fetchMock } = await renderApp({ path: '/', structures: STRUCTURES });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(calls(fetchMock, '/user/profile')).toHaveLength(0);
    expect(calls(fetchMock, '/security/token/refresh')).toHaveLength(0);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('4: a failed profile load (401) logs out, and the 401 does not reload the page', async () => {
    const handler: FetchHandler = (url) => (url.pathname.endsWith('/user/profile') ? jsonResponse({ status: 401, error: 'UNAUTHORIZED', message: 'revoked', data: null }, 401) : undefined);
    await renderApp({ path: '/', structures: STRUCTURES, token: testToken(), fetch: handler });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(portalStore.getState().role).toBe('client');
    expect(reload).not.toHaveBeenCalled();
  });

  it("4: the payload's user spares the profile request on first paint", async () => {
    const { fetchMock } = await renderApp({ path: '/', structures: STRUCTURES, token: testToken(), payloadUser: { ...TEST_USER, name: 'Payload' } });
    expect(await screen.findByRole('button', { name: 'Account menu: Payload Haddad, PH' })).toBeInTheDocument();
    expect(calls(fetchMock, '/user/profile')).toHaveLength(0);
  });

  it('5: role user only when the first role is user', async () => {
    await renderApp({ path: '/', structures: STRUCTURES, token: testToken(), profile: { ...TEST_USER, roles: ['client', 'user'] } });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(portalStore.getState().role).toBe('client');
  });

  it('signed in, every backend call carries the bearer', async () => {
    const { fetchMock, user } = await renderApp({ path: '/music/tracks', structures: STRUCTURES, token: testToken() });
    await user.click(await screen.findByRole('button', { name: 'Switch to dark theme' }));
    await waitFor(() => expect(calls(fetchMock, '/user/selectUserTheme', 'PUT')).toHaveLength(1));
    const call = calls(fetchMock, '/user/selectUserTheme', 'PUT')[0];
    expect(headers(call).Authorization).toBe('Bearer access-1');
    expect(body(call)).toEqual({ alternatTheme: true });
    expect(document.cookie).toContain('alternat_theme=1');
  });

  it('a guest toggling the theme saves only the cookie', async () => {
    const { fetchMock, user } = await renderApp({ path: '/', structures: STRUCTURES });
    await user.click(await screen.findByRole('button', { name: 'Switch to dark theme' }));
    expect(document.cookie).toContain('alternat_theme=1');
    expect(calls(fetchMock, '/user/selectUserTheme')).toHaveLength(0);
  });

  it('a signed-in language switch is saved on the server', async () => {
    const { fetchMock, user, router } = await renderApp({ path: '/music/tracks', structures: STRUCTURES, token: testToken() });
    await user.click(await screen.findByRole('button', { name: 'Language: English, EN' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Français' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/music/tracks'));
    expect(body(calls(fetchMock, '/user/selectUserLang', 'PUT')[0])).toEqual({ selectedLang: 'fr' });
  });

  it('7: a change of auth_token in another tab reloads the page', async () => {
    await renderApp({ path: '/', structures: STRUCTURES });
    await screen.findByRole('button', { name: 'Sign in' });
    window.dispatchEvent(new StorageEvent('storage', { key: 'other' }));
    expect(reload).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_TOKEN_KEY, newValue: '{}' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('sign-in preferences (spec §4 Language, Theme)', () => {
  it('after a sign-in applies the saved theme and switches to the saved language', async () => {
    const handler: FetchHandler = (url) => {
      if (url.pathname.endsWith('/security/token')) return jsonResponse({ data: FRESH });
      if (url.pathname.endsWith('/user/checkUserTheme')) return jsonResponse({ data: { alternatTheme: true } });
      if (url.pathname.endsWith('/user/checkUserLang')) return jsonResponse({ data: { selectedLang: 'fr' } });
      return undefined;
    };
    const { router, fetchMock } = await renderApp({ path: '/profile?code=xyz', structures: STRUCTURES, fetch: handler });
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/profile'));
    expect(router.state.location.search).toBe('');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.cookie).toContain('i18n_redirected=fr');
    expect(headers(calls(fetchMock, '/user/checkUserLang')[0]).Authorization).toBe('Bearer access-2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon profil' })).toBeInTheDocument();
  });

  it('keeps theme and language when nothing was saved, and ignores failed reads', async () => {
    const handler: FetchHandler = (url) => {
      if (url.pathname.endsWith('/security/token')) return jsonResponse({ data: FRESH });
      if (url.pathname.endsWith('/user/checkUserTheme')) return jsonResponse({ data: { alternatTheme: null } });
      if (url.pathname.endsWith('/user/checkUserLang')) return jsonResponse({ status: 500, error: 'INTERNAL', message: 'x', data: null }, 500);
      return undefined;
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = await renderApp({ path: '/ar/profile?code=xyz', structures: STRUCTURES, fetch: handler });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/ar/profile');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it("with optional cookies declined, a reload applies the account's saved dark theme (issue 47)", async () => {
    document.cookie = 'ncc_c=1; path=/';
    document.cookie = 'ncc_e=necessary; path=/';
    const handler: FetchHandler = (url) => (url.pathname.endsWith('/user/checkUserTheme') ? jsonResponse({ data: { alternatTheme: true } }) : undefined);
    const { fetchMock } = await renderApp({ path: '/', structures: STRUCTURES, token: testToken(), fetch: handler });
    await screen.findByRole('button', { name: 'Account menu: Sara Haddad, SH' });
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(await screen.findByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    expect(calls(fetchMock, '/user/checkUserTheme')).toHaveLength(1);
    expect(document.cookie).not.toContain('alternat_theme');
  });

  it('a theme the cookie records is not asked of the account', async () => {
    document.cookie = 'alternat_theme=0; path=/';
    const handler: FetchHandler = (url) => (url.pathname.endsWith('/user/checkUserTheme') ? jsonResponse({ data: { alternatTheme: true } }) : undefined);
    const signedIn = await renderApp({ path: '/', structures: STRUCTURES, token: testToken(), fetch: handler });
    await screen.findByRole('button', { name: 'Account menu: Sara Haddad, SH' });
    expect(calls(signedIn.fetchMock, '/user/checkUserTheme')).toHaveLength(0);
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('a guest with no theme cookie asks the account for nothing', async () => {
    const { fetchMock } = await renderApp({ path: '/', structures: STRUCTURES });
    await screen.findByRole('button', { name: 'Sign in' });
    expect(calls(fetchMock, '/user/checkUserTheme')).toHaveLength(0);
  });

  it('a plain page load of a signed-in user does not re-apply saved preferences', async () => {
    const { fetchMock } = await renderApp({ path: '/', structures: STRUCTURES, token: testToken() });
    await screen.findByRole('button', { name: 'Account menu: Sara Haddad, SH' });
    expect(calls(fetchMock, '/user/checkUserLang')).toHaveLength(0);
  });
});

describe('route guards (spec §6)', () => {
  it("'protect-route-redirect' sends a guest to the hosted sign-in, returning to the page", async () => {
    await renderApp({ path: '/ar/profile/info?articleId=9', structures: STRUCTURES });
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign).toHaveBeenCalledWith('http://backend.test/backend/login/aurora?lang=ar&redirectUrl=http%3A%2F%2Flocalhost%2Far%2Fprofile%2Finfo%3FarticleId%3D9');
  });

  it('lets a signed-in user in', async () => {
    await renderApp({ path: '/profile', structures: STRUCTURES, token: testToken() });
    expect(await screen.findByRole('heading', { level: 1, name: 'My profile' })).toBeInTheDocument();
    expect(screen.getByText('sara@example.com')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('waits for the language redirect before guarding', async () => {
    document.cookie = 'i18n_redirected=de; path=/';
    await renderApp({ path: '/myPurchases', structures: STRUCTURES });
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(String(assign.mock.calls[0]?.[0])).toContain('lang=de&redirectUrl=http%3A%2F%2Flocalhost%2Fde%2FmyPurchases');
  });
});

describe('auto-login (spec §4 step 8)', () => {
  const settings = { features: { autoLogin: { providerCookieName: 'op_msisdn' } } };

  it('starts the hosted sign-in when the provider cookie is there and the visitor is a guest', async () => {
    document.cookie = 'op_msisdn=971500000001; path=/';
    await renderApp({ path: '/ar/music/tracks?x=1', structures: STRUCTURES, globalSettings: settings });
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign).toHaveBeenCalledWith('http://backend.test/backend/login/aurora?lang=ar&redirectUrl=http%3A%2F%2Flocalhost%2Far%2Fmusic%2Ftracks%3Fx%3D1');
  });

  it('does not start without the cookie, for a signed-in user, or twice within a minute', async () => {
    await renderApp({ path: '/', structures: STRUCTURES, globalSettings: settings });
    await screen.findByRole('button', { name: 'Sign in' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('does not start for a signed-in user', async () => {
    document.cookie = 'op_msisdn=971500000001; path=/';
    await renderApp({ path: '/', structures: STRUCTURES, globalSettings: settings, token: testToken() });
    await screen.findByRole('button', { name: 'Account menu: Sara Haddad, SH' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('does not start again right after an attempt', async () => {
    document.cookie = 'op_msisdn=971500000001; path=/';
    sessionStorage.setItem('portal:auto-login', String(Date.now() - 5_000));
    await renderApp({ path: '/', structures: STRUCTURES, globalSettings: settings });
    await screen.findByRole('button', { name: 'Sign in' });
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('header and sign-out', () => {
  it('a guest opens the login options dialog; e-mail goes to the hosted sign-in returning here', async () => {
    const { user } = await renderApp({ path: '/music/tracks?purchaseType=ONLINE_GAME', structures: STRUCTURES, globalSettings: { loginOptions: { email: true, operator: true } } });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    expect(within(dialog).getByRole('button', { name: 'Continue with your mobile number' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Continue with our partner' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Continue with e-mail' }));
    expect(assign).toHaveBeenCalledWith(
      `http://backend.test/backend/login/aurora?lang=en&redirectUrl=${encodeURIComponent(`${window.location.origin}/music/tracks?purchaseType=ONLINE_GAME`)}`,
    );
  });

  it('the account menu shows the name, profile, manage and sign out; sign out asks the server where to go', async () => {
    const handler: FetchHandler = (url) => (url.pathname.endsWith('/logout') ? jsonResponse({ data: { url: 'http://localhost/' } }) : undefined);
    const { user, fetchMock } = await renderApp({ path: '/music/tracks', structures: STRUCTURES, token: testToken(), fetch: handler });
    await user.click(await screen.findByRole('button', { name: 'Account menu: Sara Haddad, SH' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('sara@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Manage account' })).toHaveAttribute('href', '/profile/manage');
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/'));
    const logout = calls(fetchMock, '/logout')[0];
    expect(body(logout)).toEqual({ redirectUrl: `${window.location.origin}/`, lang: 'en' });
    expect(headers(logout).Authorization).toBe('Bearer access-1');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(calls(fetchMock, '/userToken').map(body)).toContainEqual({ accessToken: '' });
  });

  it("a failed logout call is logged as 'Error logout' and the page reloads", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handler: FetchHandler = (url) => (url.pathname.endsWith('/logout') ? jsonResponse({ status: 500, error: 'INTERNAL', message: 'x', data: null }, 500) : undefined);
    const { user } = await renderApp({ path: '/profile/manage', structures: STRUCTURES, token: testToken(), fetch: handler });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(error).toHaveBeenCalledWith('Error logout', expect.anything());
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('/external/logout signs out and goes home', async () => {
    const handler: FetchHandler = (url) => (url.pathname.endsWith('/logout') ? jsonResponse({ data: { url: 'http://localhost/ar' } }) : undefined);
    const { fetchMock } = await renderApp({ path: '/ar/external/logout', structures: STRUCTURES, token: testToken(), fetch: handler });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/ar'));
    expect(body(calls(fetchMock, '/logout')[0])).toEqual({ redirectUrl: `${window.location.origin}/ar`, lang: 'ar' });
  });

  it('/register asks the partner sign-in URL and goes there', async () => {
    const handler: FetchHandler = (url) => (url.pathname.endsWith('/partner/login/aurora') ? jsonResponse({ data: { url: 'http://backend.test/backend/login/aurora?partner=1' } }) : undefined);
    const { fetchMock } = await renderApp({ path: '/register?redirect=%2Fmusic%2Flist', structures: STRUCTURES, fetch: handler });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://backend.test/backend/login/aurora?partner=1'));
    expect(body(calls(fetchMock, '/partner/login/aurora')[0])).toEqual({ redirectUrl: `${window.location.origin}/music/list`, lang: 'en', tenantName: 'aurora' });
  });

  it('/user/register goes to the hosted registration', async () => {
    await renderApp({ path: '/es/user/register', structures: STRUCTURES });
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`http://backend.test/backend/register/aurora?lang=es&redirectUrl=${encodeURIComponent(`${window.location.origin}/es`)}`));
  });
});

describe('device (commerce §9)', () => {
  it('is looked up once and kept a day; a failure gives device id 1', async () => {
    const { fetchMock } = await renderApp({ path: '/', structures: STRUCTURES });
    await waitFor(() => expect(portalStore.getState().device?.id).toBe('42'));
    expect(calls(fetchMock, '/device')).toHaveLength(1);
    const { getDevice } = await import('@/features/device/api/get-device');
    await expect(getDevice()).resolves.toMatchObject({ id: '42' });
    expect(calls(fetchMock, '/device')).toHaveLength(1);
    localStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(jsonResponse({ status: 500, error: 'INTERNAL', message: 'x', data: null }, 500));
    await expect(getDevice()).resolves.toEqual({ id: '1', deviceAttributes: {} });
  });
});
