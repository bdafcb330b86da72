/**
 * The portal in a real browser against the real server: tenant `aurora` (localhost, English,
 * light). Screenshots go to ARTIFACTS_DIR or web/test-results.
 */
import { decideCookies, expect, networkQuiet, screenshot, test } from './support';

// The walks share nothing: they may run in different workers.
test.describe.configure({ mode: 'parallel' });

test.beforeEach(async ({ context }) => {
  await decideCookies(context);
});

test('home page in the tenant default language (English)', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeAttached();
  await expect(page.getByRole('navigation', { name: 'Footer navigation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Language: English, EN' })).toBeVisible();
  await networkQuiet(page);
  await screenshot(page, 'home-en', true);
});

test('a drawn page asks for its scripts once its first paint is on screen, then the app replaces the picture', async ({ page }) => {
  const response = await page.goto('/video/details/the-lighthouse-keeper/3102');
  expect(await response?.text()).toContain('data-first-view');
  await expect(page.getByRole('heading', { level: 1, name: 'The Lighthouse Keeper' })).toBeVisible();
  await expect(page.locator('[data-first-view]')).toHaveCount(0);
  const order = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    entry: performance.getEntriesByType('resource').find((r) => /\/assets\/index-[^/]*\.js$/.test(r.name))?.startTime,
  }));
  expect(order.paint).toBeDefined();
  expect(order.entry).toBeGreaterThanOrEqual(order.paint ?? Infinity);
});

test('Arabic home page is right-to-left and in Arabic', async ({ page }) => {
  const response = await page.goto('/ar/');
  expect(response?.status()).toBeLessThan(400);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1, name: 'الرئيسية' })).toBeAttached();
  await expect(page.getByRole('navigation', { name: 'روابط التذييل' })).toBeVisible();
  await networkQuiet(page);
  await screenshot(page, 'home-ar', true);
});

test('choosing Arabic in the language menu re-renders the open page in Arabic, right-to-left', async ({ page }) => {
  await page.goto('/music/tracks');
  await expect(page.getByRole('heading', { level: 1, name: 'Tracks' })).toBeVisible();
  await page.getByRole('button', { name: 'Language: English, EN' }).click();
  await page.getByRole('menuitemradio', { name: /العربية/ }).click();
  await expect(page).toHaveURL(/\/ar\/music\/tracks$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // Every part that translates follows, the header's as well as the page's (one shared t per language).
  await expect(page.getByRole('heading', { level: 1, name: 'المقاطع' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'اللغة: العربية، AR' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'روابط التذييل' })).toBeVisible();
});

test('an unmatched path answers 404 with the error page', async ({ page }) => {
  const response = await page.goto('/this/page/does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByText('Page not found: /this/page/does-not-exist')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get started' })).toHaveAttribute('data-not-found', 'true');
  await expect(page).toHaveTitle('Page not found');
  await screenshot(page, 'not-found', true);
});

test('a typed address opens its page at the top, not at the previous page position (issue 30)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/music/tracks');
  await networkQuiet(page);
  // The list drawn, tall enough to scroll past 1000 px, before the wheel turns (one turn, not repeated).
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(1000);
  await page.mouse.wheel(0, 2500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  // Typing another address: a new document whose history entry is 'default' as the last one's was.
  await page.goto('/video/list/featured');
  await networkQuiet(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('premium articles, apps and info services are reachable from the footer (issue 30)', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('navigation', { name: 'Footer navigation' });
  for (const [name, path] of [
    ['Premium articles', '/articles/premium'],
    ['Apps', '/apps/viewAll'],
    ['Info services', '/partners/info-services'],
  ] as const) {
    await footer.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goBack();
  }
});
