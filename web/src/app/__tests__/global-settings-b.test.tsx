/**
 * The global settings' named entries the storefront draws (docs/tenants.md "The other named settings"): the Google
 * ads, the announcement above the header, the operator's navigation links, a phone's cards per row and the welcome
 * popup, as a visitor meets them.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADSENSE_SCRIPT_ID } from '@/features/analytics/google-ads';
import { consentStore } from '@/features/consent/consent-store';
import { clearPagePayloads } from '@/lib/page-payload';
import { fixtureArticle } from '@/testing/catalog-fixtures';
import { jsonResponse, renderApp, type FetchHandler } from '@/testing/render-app';
import { STRUCTURES } from '@/testing/sample-structures';

const WAIT = { timeout: 5000 };

/** The cookie decision of a returning visitor (the store reads the cookies as on a page's start). */
function decideCookies(categories: string): void {
  document.cookie = 'ncc_c=1; path=/';
  document.cookie = `ncc_e=${categories}; path=/`;
  consentStore.getState().reload();
}

// The previous test's decision is gone with its cookies.
beforeEach(() => consentStore.getState().reload());

afterEach(() => {
  clearPagePayloads();
  document.getElementById(ADSENSE_SCRIPT_ID)?.remove();
  delete window.adsbygoogle;
  document.documentElement.style.removeProperty('--cards-per-row-mobile');
});

describe('googleAds', () => {
  const googleAds = { client: 'ca-pub-1234567890123456', slots: { home: '1234567890', details: '2345678901' } };
  const film = { ...fixtureArticle({ id: 3199, title: 'Long Film', contentType: 'full_length_video', href: '/video/details/long-film/3199' }), related: [] };
  const details: FetchHandler = (url) => (url.pathname.endsWith('/catalog/articles/3199') ? jsonResponse({ data: film }) : undefined);

  it('with marketing consent, loads AdSense once and shows the home unit under the rows', async () => {
    decideCookies('necessary|marketing');
    await renderApp({ path: '/', structures: STRUCTURES, globalSettings: { googleAds } });
    const region = await screen.findByRole('region', { name: 'Advertisement' }, WAIT);
    const unit = region.querySelector('ins.adsbygoogle');
    expect(unit).toHaveAttribute('data-ad-client', googleAds.client);
    expect(unit).toHaveAttribute('data-ad-slot', '1234567890');
    expect(unit).toHaveAttribute('data-ad-format', 'auto');
    expect(unit).toHaveAttribute('data-full-width-responsive', 'true');
    expect(unit).toHaveStyle({ display: 'block' });
    // After the page's last row.
    expect(screen.getByRole('region', { name: 'Top games' }).compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The unit's effect adds the script after the region is drawn (seen in CI: looked for before the effect ran).
    await waitFor(() => expect(document.querySelectorAll(`#${ADSENSE_SCRIPT_ID}`)).toHaveLength(1));
    const scripts = document.querySelectorAll<HTMLScriptElement>(`#${ADSENSE_SCRIPT_ID}`);
    expect(scripts[0]!.src).toBe('https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-1234567890123456');
    expect(window.adsbygoogle).toHaveLength(1);
  });

  it('shows the details unit under a details page', async () => {
    decideCookies('necessary|marketing');
    await renderApp({ path: '/video/details/long-film/3199', structures: STRUCTURES, fetch: details, globalSettings: { googleAds } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Long Film' }, WAIT)).toBeInTheDocument();
    const region = await screen.findByRole('region', { name: 'Advertisement' }, WAIT);
    expect(region.querySelector('ins.adsbygoogle')).toHaveAttribute('data-ad-slot', '2345678901');
  });

  it('loads and shows nothing without marketing consent, or without the tenant\'s ads', async () => {
    decideCookies('necessary|analytics|preferences');
    const { unmount } = await renderApp({ path: '/', structures: STRUCTURES, globalSettings: { googleAds } });
    expect(await screen.findByRole('region', { name: 'Top games' }, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Advertisement' })).not.toBeInTheDocument();
    unmount();
    decideCookies('necessary|marketing');
    await renderApp({ path: '/', structures: STRUCTURES, globalSettings: { googleAds: { client: 'ca-pub-1', slots: { home: '1234567890' } } } });
    expect(await screen.findByRole('region', { name: 'Top games' }, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Advertisement' })).not.toBeInTheDocument();
    expect(document.getElementById(ADSENSE_SCRIPT_ID)).toBeNull();
    expect(document.querySelector('ins.adsbygoogle')).toBeNull();
  });
});

describe('global.announcement', () => {
  const global = { announcement: { text: { en: 'New this week: Starfall season two.', de: 'Neu diese Woche' }, href: '/video' } };

  it('is a link above the header that a visitor can close for good', async () => {
    const { user } = await renderApp({ path: '/', structures: STRUCTURES, globalSettings: { global } });
    const link = await screen.findByRole('link', { name: 'New this week: Starfall season two.' }, WAIT);
    expect(link).toHaveAttribute('href', '/video');
    expect(link.compareDocumentPosition(screen.getByRole('banner')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close announcement' }));
    expect(screen.queryByText('New this week: Starfall season two.')).not.toBeInTheDocument();
    expect(localStorage.getItem('portal.announcement.closed')).toBe('New this week: Starfall season two.');
  });

  it('stays away once closed, until its words change; words without an address are plain text', async () => {
    localStorage.setItem('portal.announcement.closed', 'New this week: Starfall season two.');
    const { unmount } = await renderApp({ path: '/', structures: STRUCTURES, globalSettings: { global } });
    expect(await screen.findByRole('banner', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByText('New this week: Starfall season two.')).not.toBeInTheDocument();
    unmount();
    await renderApp({ path: '/', structures: STRUCTURES, globalSettings: { global: { announcement: { text: 'Starfall season three' } } } });
    expect(await screen.findByText('Starfall season three', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Starfall season three' })).not.toBeInTheDocument();
  });

  it('shows the page language\'s words', async () => {
    await renderApp({ path: '/de', lang: 'de', structures: STRUCTURES, globalSettings: { global } });
    expect(await screen.findByRole('link', { name: 'Neu diese Woche' }, WAIT)).toHaveAttribute('href', '/de/video');
    expect(screen.getByRole('button', { name: 'Hinweis schließen' })).toBeInTheDocument();
  });
});

describe('navigation.links', () => {
  const navigation = { links: [{ label: { en: 'Help', de: 'Hilfe' }, href: '/impressum' }, { label: { en: 'Partner' }, href: 'https://partner.test/' }, { label: { en: '' }, href: '/x' }] };

  it('follow the header structure\'s entries in the header and in the phone\'s menu', async () => {
    const { user } = await renderApp({ path: '/', structures: STRUCTURES, globalSettings: { navigation } });
    const header = within(await screen.findByRole('banner', {}, WAIT));
    const nav = header.getByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Music', 'Video', 'Help', 'Partner']));
    expect(within(nav).getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/impressum');
    expect(within(nav).getByRole('link', { name: 'Partner' })).toHaveAttribute('href', 'https://partner.test/');
    await user.click(header.getByRole('button', { name: 'Menu' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Menu' }, WAIT));
    expect(sheet.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/impressum');
  });
});

describe('mobileSettings.cardsPerRow', () => {
  it('sets the phone\'s cards per row once on the root, which the grids and rows read', async () => {
    await renderApp({ path: '/', structures: STRUCTURES, globalSettings: { mobileSettings: { cardsPerRow: 3 } } });
    expect(document.documentElement.style.getPropertyValue('--cards-per-row-mobile')).toBe('3');
    const grid = within(await screen.findByRole('region', { name: 'Top games' }, WAIT)).getByRole('list');
    expect(grid.className).toMatch(/max-sm:grid-cols-\[repeat\(var\(--cards-per-row-mobile,[12]\),minmax\(0,1fr\)\)\]/);
    const rail = within(screen.getByRole('region', { name: 'New music' })).getByRole('list');
    expect(rail.querySelector('li')!.className).toMatch(/w-\[var\(--phone-card-width,\d+rem\)\]/);
  });

  it('is left unset where the tenant names none', async () => {
    document.documentElement.style.setProperty('--cards-per-row-mobile', '1');
    await renderApp({ path: '/', structures: STRUCTURES });
    expect(document.documentElement.style.getPropertyValue('--cards-per-row-mobile')).toBe('');
  });
});

describe('popups.welcome', () => {
  const welcome = { enabled: true, title: { en: 'Welcome to Vela' }, text: { en: 'Films, music and games.' } };

  it('opens once the cookie banner is answered, and once per browser', async () => {
    const { user, unmount } = await renderApp({ path: '/', structures: STRUCTURES, globalSettings: { popups: { welcome } } });
    const banner = await screen.findByTestId('consent-banner', {}, WAIT);
    expect(screen.queryByRole('dialog', { name: 'Welcome to Vela' })).not.toBeInTheDocument();
    await user.click(within(banner).getByRole('button', { name: 'Decline all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Vela' }, WAIT);
    expect(within(dialog).getByText('Films, music and games.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Welcome to Vela' })).not.toBeInTheDocument());
    unmount();
    await renderApp({ path: '/', structures: STRUCTURES, globalSettings: { popups: { welcome } } });
    expect(await screen.findByRole('banner', {}, WAIT)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens again when its words change; its button opens the address', async () => {
    decideCookies('necessary');
    localStorage.setItem('portal.welcome.seen', JSON.stringify(['Welcome to Vela', 'Films, music and games.']));
    const changed = { ...welcome, text: { en: 'Now with audiobooks.' }, button: { en: 'See the plans' }, href: '/subscription' };
    await renderApp({ path: '/', structures: STRUCTURES, globalSettings: { popups: { welcome: changed } } });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Vela' }, WAIT);
    expect(within(dialog).getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/subscription');
  });

  it('does not open while switched off', async () => {
    decideCookies('necessary');
    await renderApp({ path: '/', structures: STRUCTURES, globalSettings: { popups: { welcome: { ...welcome, enabled: false } } } });
    expect(await screen.findByRole('banner', {}, WAIT)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('portal.welcome.seen')).toBeNull();
  });
});
