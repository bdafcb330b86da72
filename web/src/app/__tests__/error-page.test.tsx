import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { initI18n } from '@/lib/i18n';
import { portalStore } from '@/lib/store';
import ar from '@/locales/ar/messages.json';
import en from '@/locales/en/messages.json';
import { jsonResponse, renderApp, testToken } from '@/testing/render-app';
import { ErrorPage } from '../error-page';

const eventFetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ data: { id: 'e1', name: 'pageView' } }), { status: 202 })));

async function renderErrorPage(status: number, lang: 'en' | 'ar' = 'en', homeUrl = '/') {
  configureApiClient({ baseUrl: 'http://backend.test/backend', tenantName: 'aurora', fetchImpl: eventFetch });
  const i18n = await initI18n(lang, lang === 'en' ? en : ar);
  portalStore.getState().setConfigs({ colors: ':root{}', links: { homeUrl } });
  return render(
    <I18nextProvider i18n={i18n}>
      <ErrorPage status={status} />
    </I18nextProvider>,
  );
}

describe('error page', () => {
  it('answers an unmatched route with 404, not-found texts and the path', async () => {
    await renderApp({ path: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByText('The page you are looking for does not exist or has moved.')).toBeInTheDocument();
    expect(screen.getByText('/no/such/page').parentElement).toHaveTextContent('Page not found: /no/such/page');
    const button = screen.getByRole('link', { name: 'Get started' });
    expect(button).toHaveAttribute('href', '/');
    expect(button).toHaveAttribute('data-not-found', 'true');
    await waitFor(() => expect(document.title).toBe('Page not found'));
  });

  it('reports its first view once as a page view describing the error', async () => {
    const { fetchMock } = await renderApp({ path: '/gone/for/good' });
    await screen.findByRole('heading', { name: 'Page not found' });
    await waitFor(() => {
      const calls = fetchMock.mock.calls as [RequestInfo | URL, RequestInit | undefined][];
      const posts = calls.filter(([, init]) => init?.method === 'POST');
      expect(posts).toHaveLength(1);
      const [input, init] = posts[0] as [string, RequestInit];
      expect(input).toMatch(/\/kafka\/event\/pageView$/);
      expect(JSON.parse(init.body as string)).toMatchObject({ errorAction: 'displayed', errorArea: 'error page', errorCode: 404, errorType: 404 });
    });
  });

  it('loaded directly, it adds the parental-control note for an account with parental control on (spec §2)', async () => {
    const account = { hasPassword: true, maxAgeGroup: 10, isActive: true, maxRating: 10, lockedUntil: null };
    await renderApp({ path: '/no/such/page', token: testToken(), fetch: (url) => (url.pathname.endsWith('/parental-control') ? jsonResponse({ data: account }) : undefined) });
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(await screen.findByText('Parental control is active on this account, so some content is not available.')).toBeInTheDocument();
  });

  it('shows {code}.head and {code}.desc for a known status', async () => {
    await renderErrorPage(503);
    expect(screen.getByRole('heading', { name: 'Service unavailable' })).toBeInTheDocument();
    expect(screen.getByText('503')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get started' })).not.toHaveAttribute('data-not-found');
    expect(document.title).toBe('Service unavailable');
  });

  it('falls back to defaultError for a status without its own texts', async () => {
    await renderErrorPage(418);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('An unexpected error occurred. Please try again in a moment.')).toBeInTheDocument();
  });

  it('links the button to the tenant home URL', async () => {
    await renderErrorPage(500, 'en', '/main/welcome');
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/main/welcome');
  });

  it('speaks Arabic with Arabic-Indic digits', async () => {
    await renderErrorPage(404, 'ar');
    expect(screen.getByText('٤٠٤')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'الصفحة غير موجودة' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ابدأ الآن' })).toHaveAttribute('href', '/ar');
  });

  it('isolates the missing path left to right inside the Arabic text', async () => {
    await renderApp({ path: '/ar/no/such/page' });
    await screen.findByRole('heading', { name: 'الصفحة غير موجودة' });
    const path = screen.getByText('/ar/no/such/page');
    expect(path.tagName).toBe('BDI');
    expect(path).toHaveAttribute('dir', 'ltr');
    expect(path.parentElement).toHaveTextContent('الصفحة غير موجودة: /ar/no/such/page');
  });

  it('stays hidden until the tenant colours are known', async () => {
    const i18n = await initI18n('en', en);
    render(
      <I18nextProvider i18n={i18n}>
        <ErrorPage status={500} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('error-page')).toHaveStyle({ visibility: 'hidden' });
  });
});
