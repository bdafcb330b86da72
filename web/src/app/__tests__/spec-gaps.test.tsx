/** Issue 30, "the specification's last gaps": the app as a person meets it. */
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import type { ConfigNode } from '@/lib/portal-types';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { HOME } from '@/testing/sample-structures';

const WAIT = { timeout: 5000 };

describe('custom properties with placeholders (spec 1 §2)', () => {
  it('fills a content page body from the query and the signed-in user', async () => {
    const offer: ConfigNode = {
      name: 'offer',
      data: { title: 'Spring offer', customProperties: { type: 'page', body: 'Your code: {{query.campaign}}-{{user.uuid}}{{unknown}}' } },
      substructure: [],
    };
    await renderApp({ path: '/offer?campaign=spring', structures: { offer } });
    expect(await screen.findByText(`Your code: spring-`, {}, WAIT)).toBeInTheDocument();
  });
});


function rejection(reason: unknown): Event {
  const event = new Event('unhandledrejection');
  Object.assign(event, { reason, promise: Promise.resolve() });
  return event;
}

describe('uncaught errors and unhandled rejections (spec 1 §4, §8)', () => {
  it('an unhandled rejection of the app switches to the error screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderApp({ path: '/offer', structures: { offer: { name: 'offer', data: { title: 'Spring offer' }, substructure: [] } } });
    expect(await screen.findByRole('heading', { name: 'Spring offer' }, WAIT)).toBeInTheDocument();
    act(() => void window.dispatchEvent(rejection(new TypeError("Cannot read properties of undefined (reading 'id')"))));
    expect(await screen.findByTestId('error-page', {}, WAIT)).toHaveAttribute('data-status', '500');
  });

  it('an uncaught error of the app switches to the error screen; a script of another origin does not', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderApp({ path: '/offer', structures: { offer: { name: 'offer', data: { title: 'Spring offer' }, substructure: [] } } });
    expect(await screen.findByRole('heading', { name: 'Spring offer' }, WAIT)).toBeInTheDocument();
    act(() => void window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.', error: null })));
    act(() => void window.dispatchEvent(new ErrorEvent('error', { message: 'x', error: new Error('x'), filename: 'https://www.googletagmanager.com/gtm.js' })));
    expect(screen.queryByTestId('error-page')).not.toBeInTheDocument();
    act(() => void window.dispatchEvent(new ErrorEvent('error', { message: 'boom', error: new Error('boom'), filename: `${window.location.origin}/assets/app.js` })));
    expect(await screen.findByTestId('error-page', {}, WAIT)).toHaveAttribute('data-status', '500');
  });

  it('aborted fetches, refused media playback, answered calls and lost connections leave the page as it is', async () => {
    await renderApp({ path: '/offer', structures: { offer: { name: 'offer', data: { title: 'Spring offer' }, substructure: [] } } });
    expect(await screen.findByRole('heading', { name: 'Spring offer' }, WAIT)).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(rejection(new DOMException('The operation was aborted.', 'AbortError')));
      window.dispatchEvent(rejection(new DOMException('play() failed because the user did not interact', 'NotAllowedError')));
      window.dispatchEvent(rejection(new ApiError('GET', '/backend/x', 404, 'Not Found')));
      window.dispatchEvent(rejection(new TypeError('Failed to fetch')));
    });
    expect(screen.getByRole('heading', { name: 'Spring offer' })).toBeInTheDocument();
    expect(screen.queryByTestId('error-page')).not.toBeInTheDocument();
  });
});

describe("a route's own validation (spec 1 §2, §8)", () => {
  it('a details address whose id is not a whole number is 404 Page Not Found with its full path', async () => {
    await renderApp({ path: '/music/tracks/blue-sky/abc?from=mail' });
    const page = await screen.findByTestId('error-page', {}, WAIT);
    expect(page).toHaveAttribute('data-status', '404');
    expect(screen.getByText('/music/tracks/blue-sky/abc?from=mail').parentElement).toHaveTextContent('Page not found: /music/tracks/blue-sky/abc?from=mail');
  });

  it('a check may give its own status: a malformed external video source is 400', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderApp({ path: '/ar/video/bad.source/details/9' });
    const page = await screen.findByTestId('error-page', {}, WAIT);
    expect(page).toHaveAttribute('data-status', '400');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('طلب غير صالح');
  });
});

describe('structures narrowed by device (spec 1 §7 GET /structure/{name} query)', () => {
  const rail = (title: string, platforms: string[]): ConfigNode => ({
    name: title,
    data: { title, customProperties: { type: 'rail', platforms } },
    substructure: [{ name: `${title}-card`, data: { title: `${title} card`, clickUrl: '/music/tracks/1' } }],
  });
  const full: ConfigNode = { ...HOME, substructure: [...(HOME.substructure ?? []), rail('On your phone', ['mobile']), rail('On your computer', ['desktop'])] };

  it("sends the device's id, class and system, and shows what the server keeps for it", async () => {
    const asked: URL[] = [];
    await renderApp({
      path: '/',
      structures: { home: full },
      fetch: (url) => {
        if (!url.pathname.endsWith('/structure/home')) return undefined;
        asked.push(url);
        const desktop = url.searchParams.get('isDesktop');
        const keep = (node: ConfigNode) => {
          const platforms = node.data.customProperties?.platforms as string[] | undefined;
          return !platforms || desktop === null || platforms.includes(desktop === 'true' ? 'desktop' : 'mobile');
        };
        return jsonResponse({ data: { ...full, substructure: full.substructure?.filter(keep) } });
      },
    });
    // The payload's copy first; the device's own once the device is known (GET /device: a Linux desktop).
    expect(await screen.findByRole('heading', { name: 'On your computer' }, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'On your phone' })).not.toBeInTheDocument(), WAIT);
    const query = Object.fromEntries(asked.at(-1)!.searchParams);
    expect(query).toEqual({ deviceId: '42', isDesktop: 'true', os: 'linux', lang: 'en' });
  });

  it('does not ask again for a payload structure that reads the same on every device', async () => {
    const { fetchMock } = await renderApp({ path: '/', structures: { home: HOME } });
    expect(await screen.findByRole('heading', { name: 'New music' }, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/device'))).toBe(true), WAIT);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/structure/home'))).toHaveLength(0);
  });
});

describe('the storefront layout is per tenant (spec 1 §1)', () => {
  it('is the top bar by default', async () => {
    const { container } = await renderApp({ path: '/apps/faq' });
    const nav = await screen.findByRole('navigation', { name: 'Marketplace' }, WAIT);
    expect(container.querySelector('[data-storefront-layout]')).toHaveAttribute('data-storefront-layout', 'bar');
    expect(nav).toHaveClass('bg-primary');
  }, 20_000);

  it('is a side column for a tenant whose settings name "sidebar"', async () => {
    const { container } = await renderApp({ path: '/apps/faq', globalSettings: { desktopSettings: { layout: 'sidebar' } } });
    const nav = await screen.findByRole('navigation', { name: 'Marketplace' }, WAIT);
    expect(container.querySelector('[data-storefront-layout]')).toHaveAttribute('data-storefront-layout', 'sidebar');
    expect(nav).not.toHaveClass('bg-primary');
    // The page sits beside the sections, inside the same row.
    expect(nav.parentElement).toContainElement(screen.getByRole('main'));
  }, 20_000);
});
