/**
 * The global settings' areas the operator sets and the storefront honours (issue 72 item 6; docs/tenants.md
 * "The areas header, footer, cookies and images"): the header's and footer's structures, the consent cookies'
 * names and the placeholder image. And the head the server writes, kept right as the app navigates (item 5), and
 * the logo and account pictures asked for as WebP (item 16).
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LazyImage } from '@/components/ui/lazy-image';
import { portalStore } from '@/lib/store';
import type { ConfigNode } from '@/lib/portal-types';
import { jsonResponse, renderApp, TEST_USER, testToken } from '@/testing/render-app';
import { FOOTER, HEADER, STRUCTURES } from '@/testing/sample-structures';

/** The first look at a page waits for its route's modules, which a busy machine loads slowly. */
const FIRST = { timeout: 5_000 };

const links = (name: string, entries: [string, string][]): ConfigNode => ({
  name,
  data: { title: name, customProperties: { type: 'links' } },
  substructure: entries.map(([title, clickUrl], index) => ({ name: `${name}-${index}`, data: { title, clickUrl } })),
});

const WINTER_FOOTER = links('footer-winter', [['Winter offers', '/subscription'], ['Press', '/info/press']]);
const TOP_BAR = links('top-bar', [['Games', '/games/list'], ['Podcasts', '/podcast/list']]);

afterEach(() => {
  document.head.querySelectorAll('meta[name="description"], meta[property^="og:"], link[rel="canonical"], link[rel="alternate"]').forEach((element) => element.remove());
});

describe('settings.header.structure and settings.footer.structure', () => {
  it('the footer shows the links of the structure the settings name, not the `footer` structure', async () => {
    await renderApp({ path: '/music/tracks', structures: { ...STRUCTURES, 'footer-winter': WINTER_FOOTER }, globalSettings: { footer: { structure: 'footer-winter' } } });
    const footer = await screen.findByRole('navigation', { name: 'Footer navigation' }, FIRST);
    await waitFor(() => expect(within(footer).getAllByRole('link').map((link) => link.textContent)).toEqual(['Winter offers', 'Press']));
    expect(within(footer).queryByRole('link', { name: 'Imprint' })).toBeNull();
  });

  it('the header and the phone menu show the links of the structure the settings name', async () => {
    const { user } = await renderApp({ path: '/music/tracks', structures: { ...STRUCTURES, 'top-bar': TOP_BAR }, globalSettings: { header: { structure: 'top-bar' } } });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' }, FIRST);
    await waitFor(() => expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Games', 'Podcasts']));
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const sheet = await screen.findByRole('dialog');
    expect(within(sheet).getByRole('link', { name: 'Podcasts' })).toBeInTheDocument();
    expect(within(sheet).queryByRole('link', { name: 'Music' })).toBeNull();
  });

  it('without the setting (or with a malformed name) the header and footer structures are used', async () => {
    await renderApp({ path: '/music/tracks', structures: { header: HEADER, footer: FOOTER }, globalSettings: { footer: { structure: '../x' } } });
    const footer = await screen.findByRole('navigation', { name: 'Footer navigation' }, FIRST);
    expect(await within(footer).findByRole('link', { name: 'Imprint' })).toBeInTheDocument();
    expect(within(await screen.findByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Music' })).toBeInTheDocument();
  });
});

describe('settings.cookies', () => {
  const globalSettings = { cookies: { consentCookie: 'aurora_consent', enabledCookie: 'aurora_cookies' } };

  it('the decision is written under the tenant’s names, never ncc_c and ncc_e', async () => {
    const { user } = await renderApp({ path: '/', structures: STRUCTURES, globalSettings });
    await user.click(await screen.findByRole('button', { name: 'Accept all' }, FIRST));
    expect(document.cookie).toContain('aurora_consent=1');
    expect(document.cookie).toContain('aurora_cookies=necessary|preferences|analytics|marketing');
    expect(document.cookie).not.toContain('ncc_c');
    expect(document.cookie).not.toContain('ncc_e');
  });

  it('a decision kept under the tenant’s names is read back: no banner', async () => {
    document.cookie = 'aurora_consent=0; path=/';
    document.cookie = 'aurora_cookies=necessary; path=/';
    await renderApp({ path: '/music/tracks', structures: STRUCTURES, globalSettings });
    await screen.findByRole('navigation', { name: 'Footer navigation' }, FIRST);
    expect(screen.queryByRole('button', { name: 'Decline all' })).toBeNull();
  });
});

describe('settings.images.placeholder', () => {
  function failThrice(alt: string) {
    for (let attempt = 0; attempt < 3; attempt += 1) fireEvent.error(screen.getByAltText(alt));
  }

  it('stands in for an image that does not load, as WebP; the storefront’s own when it fails too', () => {
    act(() => portalStore.getState().setConfigs({ images: { placeholder: '/media/art/aurora-hero-1.svg' } }));
    render(<LazyImage src="/img/broken.png" alt="Cover" errorLabel="Image unavailable" eager />);
    failThrice('Cover');
    const placeholder = screen.getByAltText('Image unavailable');
    expect(placeholder).toHaveAttribute('src', '/media/art/aurora-hero-1.svg?format=webp');
    expect(placeholder).toHaveAttribute('data-placeholder', 'tenant');
    fireEvent.error(placeholder);
    expect(screen.getByAltText('Image unavailable')).toHaveAttribute('data-placeholder', 'default');
  });

  it('is the storefront’s own without the setting', () => {
    render(<LazyImage src={null} alt="Cover" errorLabel="Image unavailable" />);
    expect(screen.getByAltText('Image unavailable')).toHaveAttribute('data-placeholder', 'default');
  });
});

describe('the head as the app navigates (portal §3 meta data)', () => {
  const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');
  const ogDescription = () => document.head.querySelector('meta[property="og:description"]')?.getAttribute('content');
  const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');
  const metaData = { description: { en: 'Music, movies & games in one <bright> place.', de: 'Musik, Filme und Spiele an einem Ort.' } };

  it('every page says what the tenant wrote, in the page’s language; addresses keep the configured origin', async () => {
    // The server's first answer: the canonical link on the tenant's configured origin.
    const link = document.createElement('link');
    link.rel = 'canonical';
    link.href = 'https://aurora.example/';
    document.head.appendChild(link);
    const { router } = await renderApp({ path: '/', structures: STRUCTURES, globalSettings: { metaData } });
    await waitFor(() => expect(description()).toBe('Music, movies & games in one <bright> place.'), FIRST);
    expect(ogDescription()).toBe('Music, movies & games in one <bright> place.');
    await router.navigate('/subscription');
    await waitFor(() => expect(canonical()).toBe('https://aurora.example/subscription'), FIRST);
    expect(description()).toBe('Music, movies & games in one <bright> place.');
    expect(document.head.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe('https://aurora.example/subscription');
  });

  it('a page without the tenant’s words has its own sentence', async () => {
    const { router } = await renderApp({ path: '/', structures: STRUCTURES });
    await router.navigate('/subscription');
    await waitFor(() => expect(description()).toBe('Choose the plan that suits you.'), FIRST);
  });
});

describe('the logo and the account’s picture as WebP', () => {
  it('asks for the logo and the avatar with format=webp, as every catalog image', async () => {
    const avatar = '/media/art/avatar-fox.svg';
    await renderApp({
      path: '/music/tracks',
      structures: STRUCTURES,
      token: testToken(),
      profile: { ...TEST_USER, userInformation: { avatar } },
      globalSettings: { avatarList: [avatar], images: { logo: '/media/art/aurora-logo.svg' } },
      fetch: (url) => (url.pathname.endsWith('/nothing') ? jsonResponse({}) : undefined),
    });
    const trigger = await screen.findByRole('button', { name: 'Account menu: Sara Haddad, SH' }, FIRST);
    await waitFor(() => expect(within(trigger).getByTestId('account-avatar')).toHaveAttribute('src', `${avatar}?format=webp`));
    const brand = document.querySelector('header a img');
    expect(brand).toHaveAttribute('src', '/media/art/aurora-logo.svg?format=webp');
  });
});
