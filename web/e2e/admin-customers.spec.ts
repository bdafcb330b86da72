/**
 * Customers from the console (issue 34 items 1 and 2): aurora's support member signs in, finds
 * guest@example.com by e-mail (the query kept in the address), opens the customer's page and sees its
 * sections; 0 serious axe violations; photographed in English and Arabic.
 *
 * The TOTP secret is the one the demo seed prints at start-up (scripts/test-e2e: PORTAL_SERVER_LOG).
 */
import { readFileSync } from 'node:fs';
import { aurora, expect, screenshot, test, text } from './support';
import { blockingAxe, openConsolePage } from './console-walk';

type Messages = Record<string, unknown>;
const admin = (lang: string) => JSON.parse(readFileSync(new URL(`../src/locales/${lang}/admin.json`, import.meta.url), 'utf8')) as Messages;
const en = admin('en');
const ar = admin('ar');
const t = (messages: Messages, key: string, params: Record<string, string> = {}) => text(messages, key, params);

test('support finds guest@ by e-mail and reads the account, in English and Arabic', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openConsolePage(page, { base: aurora, email: 'support@example.com', tenant: 'aurora', navigation: t(en, 'shell.navigation'), link: t(en, 'nav.customers'), heading: t(en, 'customers.title') });
  await expect(page).toHaveURL(/\/admin\/customers$/);
  // Support sees Customers, not the editors' pages.
  await expect(page.getByRole('navigation', { name: t(en, 'shell.navigation') }).getByRole('link', { name: t(en, 'nav.catalog') })).toHaveCount(0);

  await page.getByLabel(t(en, 'customers.query')).fill('guest@example.com');
  await page.getByRole('button', { name: t(en, 'customers.find') }).click();
  await expect(page).toHaveURL(/\/admin\/customers\?q=guest%40example\.com$/);
  const results = page.getByRole('table', { name: t(en, 'customers.results') });
  await expect(results).toContainText(t(en, 'customers.keys.email'));
  expect(await blockingAxe(page, 'admin-customers-search-en-1280')).toEqual([]);
  await screenshot(page, 'admin-customers-search-en-1280');

  await results.getByRole('link', { name: 'guest@example.com' }).click();
  await expect(page).toHaveURL(/\/admin\/customers\/[0-9a-f-]{36}$/);
  for (const key of ['profile', 'signIns', 'subscriptions', 'payments', 'purchases', 'wallet', 'voucherOrders', 'activity', 'notifications'])
    await expect(page.getByRole('heading', { level: 2, name: t(en, `customers.${key}`) })).toBeVisible();
  await expect(page.getByText('guest@example.com').first()).toBeVisible();
  expect(await blockingAxe(page, 'admin-customers-page-en-1280')).toEqual([]);
  await screenshot(page, 'admin-customers-page-en-1280', true);

  // subscriber@ holds a plan: its timeline table scrolls in its own region, reached by the keyboard.
  await page.getByRole('link', { name: t(en, 'customers.back') }).click();
  await page.getByLabel(t(en, 'customers.query')).fill('subscriber@example.com');
  await page.getByRole('button', { name: t(en, 'customers.find') }).click();
  await page.getByRole('table', { name: t(en, 'customers.results') }).getByRole('link', { name: 'subscriber@example.com' }).click();
  const region = page.locator('div[role=region][tabindex="0"]').filter({ has: page.getByRole('table') }).first();
  // The page may draw the region again as its sections load: focus until it holds.
  await expect(async () => {
    await region.focus();
    await expect(region).toBeFocused({ timeout: 1000 });
  }).toPass();
  expect(await blockingAxe(page, 'admin-customers-subscriber-en-1280')).toEqual([]);
  await screenshot(page, 'admin-customers-subscriber-en-1280', true);

  await page.getByLabel(t(en, 'shell.language'), { exact: true }).selectOption('ar');
  await expect(page.getByRole('heading', { level: 2, name: t(ar, 'customers.payments') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  expect(await blockingAxe(page, 'admin-customers-page-ar-1280')).toEqual([]);
  await screenshot(page, 'admin-customers-page-ar-1280', true);
});
