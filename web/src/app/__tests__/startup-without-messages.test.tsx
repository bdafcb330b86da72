/**
 * Portal §8 ("Missing language messages: logs 'Could not find messages for locale code'"): a page that arrives
 * without its embedded data, whose language bundle neither the backend nor the client's own copy can give, still
 * starts, in the default language (issue 72 item 15). The bundled copies fail here as a lost chunk does.
 * In the isolated project (vite.config.ts): the locale modules are mocked and loaded anew for each test.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The bundled copies of `langs` fail to load (a lost chunk); set before the app's modules are imported. */
function bundledFail(...langs: string[]) {
  for (const lang of ['de', 'en'])
    vi.doMock(`@/locales/${lang}/messages.json`, async (importOriginal: () => Promise<unknown>) => {
      if (langs.includes(lang)) throw new TypeError(`Failed to fetch dynamically imported module: messages-${lang}.js`);
      return importOriginal();
    });
}

const SETTINGS = { defaultLocale: 'en', links: { homeUrl: '/' }, colors: '', customStyle: '' };

function stubNetwork() {
  const fetchMock = vi.fn((input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://portal.test');
    if (url.pathname === '/api/envFile')
      return Promise.resolve(new Response(JSON.stringify({ tenantName: 'aurora', envConfig: { service: { multiContentBackend: 'http://backend.test/backend', tenantBackendUrl: {} }, stage: 'test' } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }));
    if (url.pathname.endsWith('/structure/configurations'))
      return Promise.resolve(new Response(JSON.stringify({ data: { name: 'configurations', data: { customProperties: SETTINGS } } }), { status: 200, headers: { 'content-type': 'application/json' } }));
    // The backend's bundles (and anything else) do not answer.
    return Promise.reject(new TypeError('Failed to fetch'));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  vi.resetModules();
  stubNetwork();
  window.history.replaceState(null, '', '/de/music/tracks');
  document.getElementById('__PORTAL_DATA__')?.remove();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('start-up without the embedded data', () => {
  it('starts in the default language with its bundled messages when the page language has none anywhere', async () => {
    bundledFail('de');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { loadStartup, initializeApp } = await import('@/app/startup');
    const startup = await loadStartup(document);
    expect(startup.lang).toBe('en');
    expect(startup.fromPayload).toBe(false);
    expect(errors).toHaveBeenCalledWith('Could not find messages for locale code', 'de');
    const app = await initializeApp(startup);
    expect(app.i18n.language).toBe('en');
    expect(app.i18n.t('site.footerNavigation')).not.toBe('site.footerNavigation');
    expect(document.documentElement.lang).toBe('en');
  });

  it('starts even when no language has messages: the spec’s line for each, the keys as text', async () => {
    bundledFail('de', 'en');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { loadStartup, initializeApp } = await import('@/app/startup');
    const startup = await loadStartup(document);
    expect(startup).toMatchObject({ lang: 'en', messages: null });
    const app = await initializeApp(startup);
    expect(app.i18n.language).toBe('en');
    expect(errors).toHaveBeenCalledWith('Could not find messages for locale code', 'de');
    expect(errors).toHaveBeenCalledWith('Could not find messages for locale code', 'en');
    expect(errors).not.toHaveBeenCalledWith('Error while mounting app:', expect.anything());
  });
});
