/**
 * The console's one search (issue 78 item 4), walked with the keyboard only: aurora's support member presses Ctrl-K,
 * types an e-mail, moves with the arrows and lands with Enter on the customer's page; the open dialog is axe clean;
 * the same in Arabic (right to left, the e-mail isolated); photographed on a desktop and a phone.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { aurora, expect, screenshot, test, text } from './support';
import { blockingAxe, openConsolePage } from './console-walk';

type Messages = Record<string, unknown>;
const admin = (lang: string) => JSON.parse(readFileSync(new URL(`../src/locales/${lang}/admin.json`, import.meta.url), 'utf8')) as Messages;
const en = admin('en');
const ar = admin('ar');
const t = (messages: Messages, key: string) => text(messages, key, {});

async function findWithKeyboard(page: Page, messages: Messages, lang: string, width: number) {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog');
  const input = dialog.getByRole('combobox', { name: t(messages, 'search.label') });
  await expect(input).toBeFocused();
  await page.keyboard.type('guest@example.com');
  const customers = dialog.getByRole('group', { name: t(messages, 'search.kinds.customer') });
  const option = customers.getByRole('option').filter({ hasText: 'guest@example.com' });
  await expect(option).toBeVisible();
  // Support finds customers only: no page of finance or the editors, no plans.
  await expect(dialog.getByRole('group', { name: t(messages, 'search.kinds.plan') })).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  expect(await blockingAxe(page, `admin-search-${lang}-${width}`)).toEqual([]);
  await screenshot(page, `admin-search-${lang}-${width}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/customers\/[0-9a-f-]{36}$/);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: t(messages, 'customers.profile') })).toBeVisible();
}

test('support finds a customer with Ctrl-K and the keyboard alone, in English and Arabic', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openConsolePage(page, { base: aurora, email: 'support@example.com', tenant: 'aurora', navigation: t(en, 'shell.navigation'), link: t(en, 'nav.customers'), heading: t(en, 'customers.title') });
  await expect(page.getByRole('button', { name: t(en, 'search.button') })).toBeVisible();
  await findWithKeyboard(page, en, 'en', 1280);

  await page.getByLabel(t(en, 'shell.language'), { exact: true }).selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('button', { name: t(ar, 'search.button') })).toBeVisible();
  await findWithKeyboard(page, ar, 'ar', 1280);

  await page.setViewportSize({ width: 390, height: 844 });
  await findWithKeyboard(page, ar, 'ar', 390);
  await page.getByLabel(t(ar, 'shell.language'), { exact: true }).selectOption('en');
  await findWithKeyboard(page, en, 'en', 390);
});

test("the owner finds a staff member by e-mail: the hit names the role in the console's language and opens that member", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openConsolePage(page, { base: aurora, email: 'owner@example.com', tenant: 'aurora', navigation: t(en, 'shell.navigation'), link: t(en, 'nav.customers'), heading: t(en, 'customers.title') });
  await page.getByRole('banner').getByLabel(t(en, 'shell.language'), { exact: true }).selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('combobox', { name: t(ar, 'search.label') })).toBeFocused();
  await page.keyboard.type('support@ex');
  const option = dialog.getByRole('group', { name: t(ar, 'search.kinds.staff') }).getByRole('option').filter({ hasText: 'support@example.com' });
  await expect(option).toContainText(t(ar, 'roles.support'));
  await option.click();
  await expect(page).toHaveURL(/\/admin\/staff\/[^/]+$/);
  const row = page.locator('tr[data-email="support@example.com"]');
  await expect(row).toHaveAttribute('data-current', 'true');
  await expect(row).toBeFocused();
  await page.getByRole('banner').getByLabel(t(ar, 'shell.language'), { exact: true }).selectOption('en');
});
