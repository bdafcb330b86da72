import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { browser } from '@/lib/browser';
import { openDialog } from '@/lib/dialogs';
import { jsonResponse, renderApp, testToken, type FetchHandler } from '@/testing/render-app';
import { STRUCTURES } from '@/testing/sample-structures';

let assign: MockInstance<(url: string) => void>;
beforeEach(() => {
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(() => vi.useRealTimers());

function putBody(fetchMock: ReturnType<typeof vi.fn>): unknown {
  const call = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/user/profile') && (init as RequestInit).method === 'PUT');
  return call ? (JSON.parse((call[1] as RequestInit).body as string) as unknown) : null;
}

describe('profile information form (spec §5)', () => {
  it('validates on blur, not while typing, with translated messages', async () => {
    const { user } = await renderApp({ path: '/profile/info', structures: STRUCTURES, token: testToken() });
    const email = await screen.findByLabelText('E-mail address');
    await user.clear(email);
    await user.type(email, 'not-an-email');
    expect(screen.queryByText('Please enter a valid email address.')).toBeNull();
    await user.tab();
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    // Fixing it: still nothing while typing, cleared on blur.
    await user.clear(email);
    await user.type(email, 'sara@new.example');
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    await user.tab();
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address.')).toBeNull());

    const name = screen.getByLabelText('First name');
    await user.clear(name);
    await user.tab();
    // (The new address also asks for the current password, which is required too: look at the name's own message.)
    expect(await within(name.closest('div') ?? document.body).findByText('This field is required.')).toBeInTheDocument();
    await user.type(name, 'R2D2');
    await user.tab();
    expect(await screen.findByText('The format is not valid.')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'x'.repeat(65));
    fireEvent.blur(name);
    expect(await screen.findByText('Please enter no more than 64 characters.')).toBeInTheDocument();
  });

  it('saves, then shows a snackbar for 10 s', async () => {
    const handler: FetchHandler = (url, init) =>
      url.pathname.endsWith('/user/profile') && init?.method === 'PUT'
        ? jsonResponse({ data: { uuid: 'u-1', userId: 7, name: 'Sarah', lastName: 'Haddad', email: 'sara@example.com', userInformation: null, roles: ['user'] } })
        : undefined;
    const { user, fetchMock } = await renderApp({ path: '/profile/info', structures: STRUCTURES, token: testToken(), fetch: handler });
    const name = await screen.findByLabelText('First name');
    await user.clear(name);
    await user.type(name, ' Sarah ');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your details were saved.')).toBeInTheDocument();
    expect(putBody(fetchMock)).toEqual({ name: 'Sarah', lastName: 'Haddad', email: 'sara@example.com', userInformation: null });
    vi.advanceTimersByTime(9_000);
    expect(screen.getByText('Your details were saved.')).toBeInTheDocument();
    vi.advanceTimersByTime(1_100);
    await waitFor(() => expect(screen.queryByText('Your details were saved.')).toBeNull());
    // The header follows the saved profile.
    expect(screen.getByRole('button', { name: 'Account menu: Sarah Haddad, SH' })).toBeInTheDocument();
  });

  it('a new e-mail asks for the current password, then says a confirmation link went to it', async () => {
    const handler: FetchHandler = (url, init) =>
      url.pathname.endsWith('/user/profile') && init?.method === 'PUT'
        ? jsonResponse({ data: { uuid: 'u-1', userId: 7, name: 'Sara', lastName: 'Haddad', email: 'sara@example.com', userInformation: null, roles: ['user'], pendingEmail: 'sara@new.example' } })
        : undefined;
    const { user, fetchMock } = await renderApp({ path: '/profile/info', structures: STRUCTURES, token: testToken(), fetch: handler });
    const email = await screen.findByLabelText('E-mail address');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await user.clear(email);
    await user.type(email, 'Sara@New.example');
    const password = await screen.findByLabelText('Current password');
    expect(screen.getByText('Needed to change your e-mail address.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(putBody(fetchMock)).toBeNull();
    await user.type(password, 'my-secret');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved. We sent a confirmation link to sara@new.example; your e-mail address changes once you open it.')).toBeInTheDocument();
    expect(putBody(fetchMock)).toEqual({ name: 'Sara', lastName: 'Haddad', email: 'Sara@New.example', userInformation: null, currentPassword: 'my-secret' });
    // The form shows the address in use again, and the one waiting for its link.
    expect(screen.getByTestId('email-pending')).toHaveTextContent('We sent a confirmation link to sara@new.example. Your e-mail address changes once you open it.');
    await waitFor(() => expect(screen.getByLabelText('E-mail address')).toHaveValue('sara@example.com'));
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });

  it('puts 403 CURRENT_PASSWORD_WRONG on the current password, and a 400 naming a field on that field', async () => {
    let answer = 403;
    const handler: FetchHandler = (url, init) => {
      if (!(url.pathname.endsWith('/user/profile') && init?.method === 'PUT')) return undefined;
      return answer === 403
        ? jsonResponse({ status: 403, error: 'CURRENT_PASSWORD_WRONG', message: 'wrong', data: { field: 'currentPassword', reason: 'is not correct' } }, 403)
        : jsonResponse({ status: 400, error: 'VALIDATION_ERROR', message: 'lastName: bad', data: { field: 'lastName', reason: 'bad' } }, 400);
    };
    const { user } = await renderApp({ path: '/profile/info', structures: STRUCTURES, token: testToken(), fetch: handler });
    const email = await screen.findByLabelText('E-mail address');
    await user.clear(email);
    await user.type(email, 'sara@new.example');
    await user.type(await screen.findByLabelText('Current password'), 'not-it');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The current password is not correct.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    answer = 400;
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The server did not accept this value.')).toBeInTheDocument();
    expect(screen.getByLabelText('Last name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the messages in the page language (Arabic, right to left)', async () => {
    const { user } = await renderApp({ path: '/ar/profile/info', lang: 'ar', structures: STRUCTURES, token: testToken() });
    const name = await screen.findByLabelText('الاسم الأول');
    await user.clear(name);
    await user.tab();
    expect(await screen.findByText('هذا الحقل مطلوب.')).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
  });
});

describe('password reset page', () => {
  function resetHandler(status: number, error = ''): FetchHandler {
    return (url) => (url.pathname.endsWith('/password/reset') ? (status === 200 ? jsonResponse({ data: { ok: true } }) : jsonResponse({ status, error, message: 'x', data: null }, status)) : undefined);
  }

  it('requires 8 characters and a matching confirmation, then confirms and offers sign-in', async () => {
    const { user, fetchMock } = await renderApp({ path: '/resetpassword?session=s-1', structures: STRUCTURES, fetch: resetHandler(200) });
    const password = await screen.findByLabelText('New password');
    await user.type(password, 'short');
    await user.tab();
    expect(await screen.findByText('Please enter at least 8 characters.')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'long-enough-1');
    await user.type(screen.getByLabelText('Repeat the new password'), 'long-enough-2');
    await user.tab();
    expect(await screen.findByText('The values do not match.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('Repeat the new password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Your password was changed. You can now sign in with it.')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/password/reset'));
    expect(JSON.parse((call?.[1] as RequestInit).body as string)).toEqual({ session: 's-1', password: 'long-enough-1' });
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Sign in' }));
    expect(String(assign.mock.calls.at(-1)?.[0])).toContain('/backend/login/aurora?lang=en&redirectUrl=');
  });

  it('an expired session clears the errors and offers a new link', async () => {
    const { user } = await renderApp({ path: '/resetpassword?session=old', structures: STRUCTURES, fetch: resetHandler(400, 'RESET_SESSION_INVALID') });
    await user.type(await screen.findByLabelText('New password'), 'long-enough-1');
    await user.type(screen.getByLabelText('Repeat the new password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('This reset link has expired or was already used.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'Send me a new link' }).getAttribute('href')).toContain('/backend/password/forgot/aurora?lang=en&redirectUrl=');
  });
});

describe('dialogs', () => {
  it('login-or-sign-up: sign in goes to the hosted page, and a route change closes the dialog', async () => {
    const { user, router } = await renderApp({ path: '/music/list', structures: STRUCTURES });
    await screen.findByRole('button', { name: 'Sign in' });
    openDialog('login-or-sign-up');
    expect(await screen.findByRole('dialog', { name: 'Sign in to continue' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(String(assign.mock.calls[0]?.[0])).toContain('/backend/register/aurora?lang=en&redirectUrl=');
    await router.navigate('/music/tracks');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('login-or-sign-up leads to the login options when the tenant has several', async () => {
    const { user } = await renderApp({ path: '/', structures: STRUCTURES, globalSettings: { features: { partnerLoginFlow: true } } });
    await screen.findByRole('button', { name: 'Sign in' });
    openDialog('login-or-sign-up');
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to continue' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with our partner' })).toBeInTheDocument();
  });
});
