/**
 * The named settings of docs/tenants.md "The other named settings" the whole app shows: the account's picture
 * (avatarList) on the profile form and the account button, the account menu's entries (profileMenu), and the
 * operator's tab titles (seoTabNames, loginMetaData).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, type vi } from 'vitest';
import { dialogStore, resetDialogs } from '@/lib/dialogs';
import { jsonResponse, renderApp, TEST_USER, testToken, type FetchHandler } from '@/testing/render-app';
import { STRUCTURES } from '@/testing/sample-structures';

const FOX = '/media/art/avatar-fox.svg';
const OWL = '/media/art/avatar-owl.svg';
const USER = { ...TEST_USER, userInformation: { avatar: FOX, newsletter: true } };

afterEach(() => resetDialogs());

/** The first look at a page waits for its route's modules, which a busy machine loads slowly. */
const FIRST = { timeout: 5_000 };

function putBody(fetchMock: ReturnType<typeof vi.fn>): unknown {
  const call = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/user/profile') && (init as RequestInit).method === 'PUT');
  return call ? (JSON.parse((call[1] as RequestInit).body as string) as unknown) : null;
}

describe('the account picture (avatarList)', () => {
  it('is chosen on the profile form, saved with the rest of userInformation, and shown on the account button', async () => {
    const handler: FetchHandler = (url, init) =>
      url.pathname.endsWith('/user/profile') && init?.method === 'PUT' ? jsonResponse({ data: { ...USER, userInformation: { avatar: OWL, newsletter: true } } }) : undefined;
    const { user, fetchMock } = await renderApp({ path: '/profile/info', structures: STRUCTURES, token: testToken(), profile: USER, globalSettings: { avatarList: [FOX, OWL] }, fetch: handler });
    const picker = await screen.findByRole('group', { name: 'Picture' }, FIRST);
    expect(within(picker).getByRole('radio', { name: 'Picture 1' })).toBeChecked();
    expect(within(picker).getByRole('radio', { name: 'None' })).not.toBeChecked();
    const trigger = screen.getByRole('button', { name: 'Account menu: Sara Haddad, SH' });
    expect(within(trigger).getByTestId('account-avatar')).toHaveAttribute('src', `${FOX}?format=webp`);

    await user.click(within(picker).getByRole('radio', { name: 'Picture 2' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your details were saved.')).toBeInTheDocument();
    expect(putBody(fetchMock)).toEqual({ name: 'Sara', lastName: 'Haddad', email: 'sara@example.com', userInformation: { avatar: OWL, newsletter: true } });
    await waitFor(() => expect(within(trigger).getByTestId('account-avatar')).toHaveAttribute('src', `${OWL}?format=webp`));
  });

  it('shows the initials for a picture the tenant no longer offers, and the server’s refusal on the field', async () => {
    const handler: FetchHandler = (url, init) =>
      url.pathname.endsWith('/user/profile') && init?.method === 'PUT'
        ? jsonResponse({ status: 400, error: 'VALIDATION_ERROR', message: 'not offered', data: { field: 'userInformation.avatar', reason: 'is not offered' } }, 400)
        : undefined;
    const { user } = await renderApp({ path: '/profile/info', structures: STRUCTURES, token: testToken(), profile: USER, globalSettings: { avatarList: [OWL] }, fetch: handler });
    const picker = await screen.findByRole('group', { name: 'Picture' }, FIRST);
    expect(within(picker).getByRole('radio', { name: 'None' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Account menu: Sara Haddad, SH' })).toHaveTextContent('SH');
    await user.click(within(picker).getByRole('radio', { name: 'Picture 1' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await within(picker).findByRole('alert')).toHaveTextContent('This picture is not offered any more. Please choose another.');
    expect(within(picker).getByRole('radio', { name: 'Picture 1' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('is not offered by a tenant without pictures, and userInformation goes back as it came', async () => {
    const handler: FetchHandler = (url, init) => (url.pathname.endsWith('/user/profile') && init?.method === 'PUT' ? jsonResponse({ data: USER }) : undefined);
    const { user, fetchMock } = await renderApp({ path: '/profile/info', structures: STRUCTURES, token: testToken(), profile: USER, fetch: handler });
    await screen.findByLabelText('First name', {}, FIRST);
    expect(screen.queryByRole('group', { name: 'Picture' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Your details were saved.');
    expect(putBody(fetchMock)).toMatchObject({ userInformation: USER.userInformation });
  });
});

describe('the account menu (profileMenu)', () => {
  it('has the tenant’s entries in its order, then its links, then Sign out', async () => {
    const profileMenu = {
      items: ['purchases', 'profile', 'wallet'],
      links: [
        { label: { en: 'Help', de: 'Hilfe' }, href: '/impressum' },
        { label: 'Partner club', href: 'https://partner.example/club' },
      ],
    };
    const { user } = await renderApp({ path: '/music/tracks', structures: STRUCTURES, token: testToken(), globalSettings: { profileMenu, externalRedirectDisclaimer: { enabled: true } } });
    await user.click(await screen.findByRole('button', { name: 'Account menu: Sara Haddad, SH' }, FIRST));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['My purchases', 'Profile', 'Help', 'Partner club', 'Sign out']);
    expect(within(menu).getByRole('menuitem', { name: 'Help' })).toHaveAttribute('href', '/impressum');
    const partner = within(menu).getByRole('menuitem', { name: 'Partner club' });
    expect(partner).toHaveAttribute('target', '_blank');
    await user.click(partner);
    expect([...dialogStore.getState().open]).toContain('external-redirect');
  });
});

describe('the tab title (seoTabNames, loginMetaData)', () => {
  const globalSettings = { seoTabNames: { home: { en: 'Aurora – music and more', ar: 'أورورا' } }, loginMetaData: { title: { en: 'Sign in to Aurora' } } };

  it('is the operator’s words for the page where it has some, else the page’s title and the site name', async () => {
    const { router } = await renderApp({ path: '/', structures: STRUCTURES, globalSettings });
    await waitFor(() => expect(document.title).toBe('Aurora – music and more'), FIRST);
    await router.navigate('/user/login/email');
    await waitFor(() => expect(document.title).toBe('Sign in to Aurora'), FIRST);
    await router.navigate('/subscription');
    await waitFor(() => expect(document.title).toBe('Subscriptions | aurora'), FIRST);
  });
});
