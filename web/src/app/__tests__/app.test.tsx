import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { STRUCTURES } from '@/testing/sample-structures';

describe('home page', () => {
  it('draws the home structure from the payload without fetching it: hero, rail and grid', async () => {
    const { fetchMock } = await renderApp({ path: '/?campaign=spring', structures: STRUCTURES });
    expect(await screen.findByRole('heading', { name: 'New music' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Featured' })).toBeInTheDocument();
    expect(screen.getByText('Summer Sounds')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Top games' })).toBeInTheDocument();
    // Placeholders in click URLs are filled from the query.
    expect(screen.getByText('Summer Sounds').closest('a')).toHaveAttribute('href', '/music/playlists/1?c=spring');
    // Internal links stay in the app, other hosts open outside it.
    expect(screen.getByText('Blue Sky').closest('a')).toHaveAttribute('href', '/music/tracks/1');
    expect(screen.getByText('Word Hunt').closest('a')).toHaveAttribute('target', '_blank');
    // Keys named by the data are translated; see-all goes to the rail's seeAllUrl.
    expect(screen.getByText('Discover').closest('a')).toHaveAttribute('href', '/video/details/9');
    expect(screen.getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/music/tracks');
    const structureCalls = fetchMock.mock.calls.filter(([url]) => String(url).includes('/structure/'));
    expect(structureCalls).toHaveLength(0);
  });

  it('fetches the structure with the tenant headers when the payload lacks it, showing skeletons meanwhile', async () => {
    const { fetchMock } = await renderApp({ path: '/', structures: {}, fetch: (url) => (url.pathname.endsWith('/structure/home') ? jsonResponse({ data: STRUCTURES.home }) : undefined) });
    expect(await screen.findByRole('status')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('heading', { name: 'New music' })).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/structure/home'));
    const asked = new URL(String(call?.[0]));
    expect(`${asked.origin}${asked.pathname}`).toBe('http://backend.test/backend/structure/home');
    expect(asked.searchParams.get('lang')).toBe('en');
    expect((call?.[1] as RequestInit).headers).toMatchObject({ 'X-Tenant-ID': 'aurora', 'x-distribution-channel': 'WEB' });
  });

  it('renders header and footer links from their structures', async () => {
    await renderApp({ path: '/', structures: STRUCTURES });
    const nav = await screen.findAllByRole('navigation', { name: 'Main navigation' });
    expect(within(nav[0]!).getByRole('link', { name: 'Music' })).toHaveAttribute('href', '/music/list');
    expect(within(screen.getByRole('navigation', { name: 'Footer navigation' })).getByRole('link', { name: 'Imprint' })).toHaveAttribute('href', '/impressum');
  });
});

describe('languages', () => {
  it('a prefixed Arabic path shows Arabic, right to left, with prefixed links', async () => {
    await renderApp({ path: '/ar/music/tracks', structures: STRUCTURES });
    expect(await screen.findByRole('heading', { level: 1, name: 'المقاطع' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(screen.getAllByRole('link').some((link) => link.getAttribute('href') === '/ar')).toBe(true);
  });

  it('the language cookie redirects an unprefixed path to the chosen language', async () => {
    document.cookie = 'i18n_redirected=fr; path=/';
    const { router } = await renderApp({ path: '/music/albums', structures: STRUCTURES });
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/music/albums'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Albums' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
  });

  it('an Arabic tenant default sends / to /ar', async () => {
    const { router } = await renderApp({ path: '/', structures: STRUCTURES, globalSettings: { defaultLocale: 'ar' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/ar'));
  });

  it('the switcher records the choice and moves to the localised path, loading the bundle on demand', async () => {
    const { user, router, fetchMock } = await renderApp({ path: '/music/tracks', structures: STRUCTURES });
    await screen.findByRole('heading', { level: 1, name: 'Tracks' });
    await user.click(screen.getByRole('button', { name: 'Language: English, EN' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Deutsch' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/de/music/tracks'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Titel' })).toBeInTheDocument();
    expect(document.cookie).toContain('i18n_redirected=de');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/i18n/de'))).toBe(true);
  });
});

describe("a tenant's languages", () => {
  it('the switcher lists only the languages the tenant offers', async () => {
    const { user } = await renderApp({ path: '/music/tracks', structures: STRUCTURES, globalSettings: { defaultLocale: 'en', languages: ['en', 'ar'] } });
    await screen.findByRole('heading', { level: 1, name: 'Tracks' });
    await user.click(screen.getAllByRole('button', { name: 'Language: English, EN' })[0]!);
    expect(await screen.findByRole('menuitemradio', { name: 'العربية' })).toBeInTheDocument();
    expect(screen.getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual(['English', 'العربية']);
  });

  it('a prefix of a language the tenant does not offer goes to the default-language page', async () => {
    const { router } = await renderApp({ path: '/fr/music/albums', structures: STRUCTURES, globalSettings: { defaultLocale: 'en', languages: ['en', 'ar'] } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/music/albums'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Albums' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it('a stored choice the tenant does not offer falls back to the default; one language shows no switcher', async () => {
    document.cookie = 'i18n_redirected=fr; path=/';
    const { router } = await renderApp({ path: '/music/albums', structures: STRUCTURES, globalSettings: { defaultLocale: 'ar', languages: ['ar'] } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/ar/music/albums'));
    await waitFor(() => expect(document.documentElement.lang).toBe('ar'));
    expect(screen.queryByRole('button', { name: /^Language|^اللغة/ })).toBeNull();
  });
});

describe('navigation rules', () => {
  it('a session_id query goes to the password reset page', async () => {
    const { router } = await renderApp({ path: '/music/list?session_id=abc123', structures: STRUCTURES });
    await waitFor(() => expect(router.state.location.pathname).toBe('/resetpassword'));
    expect(router.state.location.search).toBe('?session=abc123');
  });

  it("a page behind 'protect-route' sends a guest to the login options page, to come back after", async () => {
    const { router } = await renderApp({ path: '/apps/profile', structures: STRUCTURES });
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fapps%2Fprofile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with e-mail' })).toBeInTheDocument();
  });

  it('pages render in their layout: the empty stream layout has no navigation', async () => {
    await renderApp({ path: '/es/video/stream/42', structures: STRUCTURES });
    expect(await screen.findByRole('heading', { level: 1, name: 'Contenido no encontrado' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navegación principal' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ir a la página de inicio' })).toBeInTheDocument();
  });

  it('the theme toggle switches to the alternate theme', async () => {
    const { user } = await renderApp({ path: '/', structures: STRUCTURES });
    await user.click(await screen.findByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
  });

  it('applies the tenant colours', async () => {
    await renderApp({ path: '/', structures: STRUCTURES });
    expect(document.getElementById('tenant-colors')?.textContent).toBe(':root{--color-primary:#123456}');
  });

  it('asks for cookie consent until a decision is recorded', async () => {
    const { user } = await renderApp({ path: '/', structures: STRUCTURES });
    await user.click(await screen.findByRole('button', { name: 'Decline all' }));
    expect(document.cookie).toContain('ncc_c=0');
    expect(document.cookie).toContain('ncc_e=necessary');
    expect(screen.queryByRole('button', { name: 'Decline all' })).toBeNull();
  });
});
