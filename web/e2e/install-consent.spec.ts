/**
 * Issue 16: consent with analytics and the tenant's tag manager, and install as an app.
 * - Decline: no tracking script, no page view leaves the page. Accept: the tenant's tag manager
 *   loads (vela is given a container here by rewriting its page payload, and gtm.js is answered
 *   locally, so no external network is needed) and page views reach its data layer; a tenant
 *   without a tag manager sends them to the events outbox.
 * - The manifest and the service worker register, and the shell loads offline.
 * - The app-installer dialog after sign-in when the browser offers installation.
 */
import type { Page, Request } from '@playwright/test';
import { aurora, bundle, expect, noor, screenshot, signInOnHostedPage, test, text, vela } from './support';

const en = bundle('en');
const de = bundle('de');
const ar = bundle('ar');
const CONTAINER = 'GTM-E2ETEST1';

/** Aurora with a tag manager: its pages' payload names a container; gtm.js is a local stand-in. */
async function auroraWithTagManager(page: Page, requests: string[]): Promise<void> {
  await page.route(`${aurora}/**`, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace('"globalSettings":{', `"globalSettings":{"tagManager":{"containerId":"${CONTAINER}"},`);
    await route.fulfill({ response, body });
  });
  await page.route('https://www.googletagmanager.com/**', async (route) => {
    requests.push(route.request().url());
    await route.fulfill({ contentType: 'application/javascript', body: 'window.__gtmRuns = (window.__gtmRuns || 0) + 1;' });
  });
}

const isPageView = (request: Request) => request.method() === 'POST' && request.url().endsWith('/backend/kafka/event/pageView');

// The service worker registers here (playwright.config.ts blocks it in the other walks).
test.use({ serviceWorkers: 'allow' });

test('declining cookies loads no tracking script and reports no page view', async ({ page }) => {
  const gtm: string[] = [];
  const pageViews: string[] = [];
  page.on('request', (request) => isPageView(request) && pageViews.push(request.url()));
  await auroraWithTagManager(page, gtm);
  await page.goto(`${aurora}/`);
  const banner = page.getByRole('region', { name: text(en, 'consent.title') });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: text(en, 'consent.declineAll') }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('analyticsConsent'))).toBe('0');

  // Another page, and the next visit: still nothing.
  await page.getByRole('link', { name: 'Music', exact: true }).first().click();
  await page.waitForURL(/\/music\/tracks/);
  await page.reload();
  await expect(page.locator('main')).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 600))); // past the page-view delay
  await expect(page.locator('#tenant-tag-manager')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer)).toBeUndefined();
  expect(await page.evaluate(() => localStorage.getItem('tenantTrackingScriptsLoaded'))).toBeNull();
  expect(gtm).toEqual([]);
  expect(pageViews).toEqual([]);
});

test("accepting cookies loads the tenant's tag manager once, and page views go to its data layer", async ({ page }) => {
  const gtm: string[] = [];
  const pageViews: string[] = [];
  page.on('request', (request) => isPageView(request) && pageViews.push(request.url()));
  await auroraWithTagManager(page, gtm);
  await page.goto(`${aurora}/`);
  await expect(page.locator('#tenant-tag-manager')).toHaveCount(0);
  await page.getByRole('button', { name: text(en, 'consent.acceptAll') }).click();

  await expect(page.locator('#tenant-tag-manager')).toHaveAttribute('src', `https://www.googletagmanager.com/gtm.js?id=${CONTAINER}`);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __gtmRuns?: number }).__gtmRuns)).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem('analyticsConsent'))).toBe('1');
  expect(await page.evaluate(() => localStorage.getItem('tenantTrackingScriptsLoaded'))).toBe('1');

  await page.getByRole('link', { name: 'Music', exact: true }).first().click();
  await page.waitForURL(/\/music\/tracks/);
  const path = new URL(page.url()).pathname;
  await expect
    .poll(() => page.evaluate(() => ((window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).filter((entry) => entry.event === 'pageView').map((entry) => entry.page_path)))
    .toContain(path);
  expect(gtm).toEqual([`https://www.googletagmanager.com/gtm.js?id=${CONTAINER}`]);
  expect(pageViews, 'with a tag manager, page views do not go to the outbox').toEqual([]);
});

test('a tenant without a tag manager (vela): after consent, page views go to the events outbox', async ({ page }) => {
  const gtm: string[] = [];
  page.on('request', (request) => request.url().startsWith('https://www.googletagmanager.com') && gtm.push(request.url()));
  await page.goto(`${vela}/de`);
  const firstView = page.waitForRequest(isPageView);
  await page.getByRole('button', { name: text(de, 'consent.acceptAll') }).click();
  const request = await firstView;
  expect(request.postDataJSON()).toMatchObject({ path: '/de', language: 'de' });
  expect(request.headers()['x-tenant-id']).toBe('vela');
  await expect(page.locator('#tenant-tag-manager')).toHaveCount(0);
  expect(gtm).toEqual([]);
});

test('the manifest and the service worker register, and the shell loads offline', async ({ page, context }) => {
  await context.addCookies([
    { name: 'ncc_c', value: '0', domain: 'noor.localhost', path: '/' },
    { name: 'ncc_e', value: 'necessary', domain: 'noor.localhost', path: '/' },
  ]);
  await page.goto(`${noor}/ar`);
  const href = await page.locator('link[rel=manifest]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = await page.evaluate(async (url) => (await fetch(url)).json() as Promise<{ name: string; dir: string; icons: { src: string }[] }>, href!);
  expect(manifest.dir).toBe('rtl');
  expect(manifest.icons[0]?.src).toMatch(new RegExp(`^${noor}/media/`));

  // The worker installs, takes over this page, and keeps the next load of it.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${noor}/`);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 15_000 }).toBe(`${noor}/sw.js`);
  await page.reload();
  await expect(page.locator('header').first()).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('header').first()).toBeVisible();
  await expect(page.locator('main')).toBeVisible();
  await screenshot(page, 'install-offline-shell-ar');

  // A page never opened on this device: the offline page.
  await page.goto(`${noor}/ar/search`);
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByText('أنت غير متصل بالإنترنت')).toBeVisible();
  await screenshot(page, 'install-offline-page');
  await context.setOffline(false);
});

/** What Chromium fires when the site can be installed (it does not in a test browser). */
async function offerInstallation(page: Page): Promise<void> {
  await page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(offer, {
      prompt: () => {
        (window as unknown as { __installPrompted?: boolean }).__installPrompted = true;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
    });
    window.dispatchEvent(offer);
  });
}

for (const [host, lang, messages, mobile] of [
  [aurora, 'en', en, false],
  [noor, 'ar', ar, true],
] as const) {
  test(`after sign-in the app-installer dialog offers the installation (${lang}${mobile ? ', mobile' : ''})`, async ({ page, context }) => {
    if (mobile) await page.setViewportSize({ width: 390, height: 844 });
    await context.addCookies(
      ['localhost', 'noor.localhost'].flatMap((domain) => [
        { name: 'ncc_c', value: '0', domain, path: '/' },
        { name: 'ncc_e', value: 'necessary', domain, path: '/' },
      ]),
    );
    const home = lang === 'en' ? `${host}/` : `${host}/${lang}`;
    // Offered by the browser before sign-in: nothing opens for a guest.
    await page.goto(home);
    await offerInstallation(page);
    const name = await page.evaluate(async () => ((await (await fetch('/manifest.webmanifest')).json()) as { name: string }).name);
    const dialog = page.getByRole('dialog', { name: text(messages, 'install.title', { name }) });
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    await expect(dialog).toHaveCount(0);

    const profile = `${host}${lang === 'en' ? '' : `/${lang}`}/profile`;
    await page.goto(profile);
    await page.waitForURL(/\/backend\/login\//);
    await signInOnHostedPage(page);
    await page.waitForURL(profile); // the sign-in code exchanged and gone from the address
    await expect(page.getByRole('heading', { level: 1, name: text(messages, 'meta.profile.title') })).toBeVisible();
    await offerInstallation(page);
    await expect(dialog).toBeVisible();
    await screenshot(page, `install-app-installer-${lang}${mobile ? '-mobile' : ''}`);
    await dialog.getByRole('button', { name: text(messages, 'install.install') }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { __installPrompted?: boolean }).__installPrompted)).toBe(true);

    // Installed: not offered again.
    await offerInstallation(page);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    await expect(dialog).toHaveCount(0);
  });
}

test('an owned track is kept on this device and plays from there offline (ar, mobile)', async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await context.addCookies([
    { name: 'ncc_c', value: '0', domain: 'noor.localhost', path: '/' },
    { name: 'ncc_e', value: 'necessary', domain: 'noor.localhost', path: '/' },
  ]);
  await page.goto(`${noor}/ar/myPurchases`);
  await page.waitForURL(/\/backend\/login\/noor\?/);
  await signInOnHostedPage(page);
  await page.waitForURL(`${noor}/ar/myPurchases`);

  // Own track 20002 (a credit unlocks it, unless an earlier walk did).
  await page.goto(`${noor}/ar/music/tracks/20002`);
  await page.getByTestId('primary-action').click();
  const confirm = page.getByRole('dialog', { name: text(ar, 'purchases.confirmCredit.title') });
  const player = page.getByTestId('mini-player');
  await expect(confirm.or(player).first()).toBeVisible();
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: text(ar, 'purchases.confirmCredit.action') }).click();
  await expect(player).toHaveAttribute('data-status', 'playing');
  // The worker registers once the page has settled (a few seconds after its load) and then precaches the build.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);

  await page.goto(`${noor}/ar/myPurchases`);
  const item = page.locator('[data-testid=wallet-item][data-article-id="20002"]');
  await item.getByRole('button', { name: new RegExp(`^${text(ar, 'offlineTracks.keep')}:`) }).click();
  const panel = page.getByRole('region', { name: text(ar, 'offlineTracks.title') });
  await expect(panel).toBeVisible();
  await expect(panel.locator('audio')).toHaveAttribute('src', '/offline-tracks/20002');
  await expect(item.getByRole('button', { name: new RegExp(text(ar, 'offlineTracks.kept')) })).toBeDisabled();
  await screenshot(page, 'install-offline-tracks-ar-mobile', true);

  // Offline: the page comes from the worker's copy and the track from Cache Storage, seekable.
  await context.setOffline(true);
  await page.reload();
  await expect(panel).toBeVisible();
  const answer = await page.evaluate(async () => {
    const response = await fetch('/offline-tracks/20002', { headers: { Range: 'bytes=0-99' } });
    return { status: response.status, type: response.headers.get('Content-Type'), bytes: (await response.arrayBuffer()).byteLength };
  });
  expect(answer.status).toBe(206);
  expect(answer.type).toMatch(/^audio\//);
  expect(answer.bytes).toBe(100);
  await context.setOffline(false);

  // Removed: gone from the list.
  await panel.getByRole('button', { name: new RegExp(`^${text(ar, 'offlineTracks.remove')}:`) }).click();
  await expect(panel).toHaveCount(0);
});
