/**
 * Discovery (issue 10) in a real browser against the demo catalog: the header search box (suggestions
 * as you type, keyboard, the item's page), the box in the mobile menu, section pages reachable from
 * the navigation, and the error page for a details URL naming no article. Desktop 1280 and mobile
 * 390 wide, English and Arabic; screenshots of the open box go to ARTIFACTS_DIR.
 */
import { aurora, bundle, decideCookies, expect, screenshot, test, text } from './support';

// The walks share nothing: they may run in different workers.
test.describe.configure({ mode: 'parallel' });

test.beforeEach(async ({ context }) => {
  await decideCookies(context);
});

const en = bundle('en');
const ar = bundle('ar');

test('desktop: type in the header box, pick a suggestion, land on the item', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${aurora}/`);
  const box = page.getByRole('combobox', { name: text(en, 'search.label') });
  await expect(box).toBeVisible();
  await box.pressSequentially('neon harbour', { delay: 20 });
  const option = page.getByRole('option', { name: /Neon Harbor/ }).first();
  await expect(option).toBeVisible();
  await expect(option).toContainText(text(en, 'catalog.types.artist'));
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await screenshot(page, 'discovery-header-en-desktop');
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/music\/artists\/neon-harbor\/2013$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Neon Harbor' })).toBeVisible();
});

test('desktop Arabic: a section name finds its items; Enter opens the search page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${aurora}/ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const box = page.getByRole('combobox', { name: text(ar, 'search.label') });
  await box.pressSequentially('أخبار', { delay: 20 });
  await expect(page.getByRole('option').first()).toContainText(text(ar, 'catalog.types.news'));
  await screenshot(page, 'discovery-header-ar-desktop');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/ar\/search\?q=/);
  await expect(page.locator('main a').filter({ hasText: text(ar, 'catalog.types.news') }).first()).toBeVisible();
});

for (const lang of ['en', 'ar'] as const) {
  test(`mobile ${lang}: the menu has the search box`, async ({ page }) => {
    const messages = lang === 'en' ? en : ar;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${aurora}${lang === 'en' ? '/' : '/ar'}`);
    await expect(page.getByRole('combobox', { name: text(messages, 'search.label') })).toBeHidden();
    await page.getByRole('button', { name: text(messages, 'site.menu') }).click();
    const menu = page.getByRole('dialog');
    const box = menu.getByRole('combobox', { name: text(messages, 'search.label') });
    await expect(box).toBeVisible();
    await box.pressSequentially(lang === 'en' ? 'vouchers' : 'القسائم', { delay: 20 });
    const first = menu.getByRole('option').first();
    await expect(first).toContainText(new RegExp(`${text(messages, 'catalog.types.voucher')}|${text(messages, 'catalog.types.voucherbook')}`));
    await screenshot(page, `discovery-header-${lang}-mobile`);
    await first.click();
    await expect(page).toHaveURL(/\/(vouchers\/details|voucherbooks)\//);
    await expect(menu).toBeHidden();
  });
}

test('section pages are in the navigation; an unknown article is a 404 error page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${aurora}/`);
  const nav = page.getByRole('navigation', { name: text(en, 'site.mainNavigation') }).first();
  for (const name of ['News', 'Vouchers', 'Tournaments']) await expect(nav.getByRole('link', { name })).toBeVisible();
  await nav.getByRole('link', { name: 'Vouchers' }).click();
  await expect(page).toHaveURL(/\/vouchers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vouchers' })).toBeVisible();
  await expect(page).toHaveTitle(/^Vouchers \| /);
  await expect(page.locator('main a[href^="/vouchers/details/"]').first()).toBeVisible();

  const response = await page.goto(`${aurora}/music/tracks/x/99999999`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: text(en, 'notFound.head') })).toBeVisible();
  await expect(page).toHaveTitle(text(en, 'notFound.head'));
});
