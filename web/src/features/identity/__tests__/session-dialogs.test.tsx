/**
 * The session-expired dialog opens when a refresh fails mid-session (not at start-up, where the
 * page simply starts signed out), and the API client's 401 no longer reloads then; the
 * wifi-login-not-supported dialog holds back an operator sign-in off the operator network.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/locales/en/messages.json';
import { configureApiClient } from '@/lib/api-client';
import { AUTH_TOKEN_KEY, writeAuthToken } from '@/lib/auth-token';
import { browser } from '@/lib/browser';
import { dialogStore, resetDialogs } from '@/lib/dialogs';
import { initI18n } from '@/lib/i18n';
import { portalStore } from '@/lib/store';
import { SessionExpiredDialog, WifiLoginNotSupportedDialog } from '../dialogs/session-dialogs';
import { holdOperatorSignIn, offOperatorNetwork, operatorAttemptStore } from '../operator-network';
import { getValidAccessToken, initSession, isSessionExpired, resetSession } from '../session';

const open = () => [...dialogStore.getState().open];
const expiredToken = { access_token: 'old', refresh_token: 'spent', expires: Date.now() - 60_000 };

function backend(refreshStatus: number) {
  const calls: string[] = [];
  configureApiClient({
    baseUrl: 'http://backend.test/backend',
    tenantName: 'aurora',
    fetchImpl: (input) => {
      const url = new URL(input instanceof Request ? input.url : input);
      calls.push(url.pathname);
      if (url.pathname.endsWith('/security/token/refresh'))
        return Promise.resolve(
          refreshStatus === 200
            ? new Response(JSON.stringify({ data: { access_token: 'new', refresh_token: 'r2', expires: Date.now() + 900_000 } }), { status: 200, headers: { 'content-type': 'application/json' } })
            : new Response(JSON.stringify({ status: 401, error: 'UNAUTHORIZED' }), { status: 401, headers: { 'content-type': 'application/json' } }),
        );
      return Promise.resolve(new Response(JSON.stringify({ data: { ok: true } }), { status: 200, headers: { 'content-type': 'application/json' } }));
    },
  });
  return calls;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  initSession({ queryClient: null, payloadUser: null });
});
afterEach(() => {
  resetDialogs();
  resetSession();
  localStorage.clear();
  portalStore.getState().setUser({ role: 'client', uuid: null });
  vi.restoreAllMocks();
});

describe('session-expired', () => {
  it('opens when a refresh fails while the user is signed in on the page, and the session ends', async () => {
    backend(401);
    writeAuthToken(expiredToken);
    portalStore.getState().setUser({ role: 'user', uuid: 'u-1' });
    expect(await getValidAccessToken()).toBeNull();
    expect(open()).toEqual(['session-expired']);
    expect(isSessionExpired()).toBe(true);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(portalStore.getState().role).toBe('client');
  });
  it('stays closed when the refresh fails before anyone was signed in on the page (start-up)', async () => {
    backend(401);
    writeAuthToken(expiredToken);
    expect(await getValidAccessToken()).toBeNull();
    expect(open()).toEqual([]);
    expect(isSessionExpired()).toBe(false);
  });
  it('stays closed when the refresh works', async () => {
    backend(200);
    writeAuthToken(expiredToken);
    portalStore.getState().setUser({ role: 'user', uuid: 'u-1' });
    expect(await getValidAccessToken()).toBe('new');
    expect(open()).toEqual([]);
  });
  it('offers to sign in again: the hosted sign-in, back to this page', async () => {
    backend(401);
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const i18n = await initI18n('en', en);
    dialogStore.setState({ open: new Set(['session-expired']) });
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/profile']}>
          <SessionExpiredDialog />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(await screen.findByRole('dialog', { name: 'Your session has expired' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(assign).toHaveBeenCalledTimes(1);
    const target = new URL(assign.mock.calls[0]![0]);
    expect(target.pathname).toBe('/backend/login/aurora');
    expect(new URL(target.searchParams.get('redirectUrl')!).pathname).toBe('/profile');
  });
});

describe('wifi-login-not-supported', () => {
  it('counts Wi-Fi and wired connections as off the operator network, unknown ones not', () => {
    expect(offOperatorNetwork({ connection: { type: 'wifi' } })).toBe(true);
    expect(offOperatorNetwork({ connection: { type: 'ethernet' } })).toBe(true);
    expect(offOperatorNetwork({ connection: { type: 'cellular' } })).toBe(false);
    expect(offOperatorNetwork({ connection: null })).toBe(false);
    expect(offOperatorNetwork({})).toBe(false);
  });
  it('holds the operator sign-in back; "Try anyway" goes ahead with it', async () => {
    backend(200);
    const proceed = vi.fn();
    holdOperatorSignIn(proceed);
    expect(open()).toEqual(['wifi-login-not-supported']);
    portalStore.setState({ loginOptions: ['email', 'operator'] });
    const i18n = await initI18n('en', en);
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <WifiLoginNotSupportedDialog />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(await screen.findByRole('dialog', { name: 'Mobile sign-in needs mobile data' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with e-mail' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try anyway' }));
    expect(proceed).toHaveBeenCalledTimes(1);
    expect(open()).toEqual([]);
    operatorAttemptStore.setState({ proceed: null });
  });
});
