/**
 * Bulk actions on the console's other lists (issue 78 item 3), each walked with the keyboard (Space ticks a row, Enter
 * presses the bar's and the dialog's buttons): the owner retires two plans copied for the walk; support ends the
 * sessions of a customer found by a search; an editor opens a voucher batch's page, lists its open codes (more than
 * a page), selects all that match and voids them, then — in Arabic, right to left, on a phone — ticks codes of another
 * batch, one of them already voided, and reads the refused row (the code's last characters) with its reason. The codes list and the bar pass axe
 * and are photographed (English and Arabic, desktop and phone).
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { aurora, evidence, expect, screenshot, test, text } from './support';
import { blockingAxe, openConsolePage } from './console-walk';

type Messages = Record<string, unknown>;
const admin = (lang: string) => JSON.parse(readFileSync(new URL(`../src/locales/${lang}/admin.json`, import.meta.url), 'utf8')) as Messages;
const en = admin('en');
const ar = admin('ar');
const m = (messages: Messages, path: string, params: Record<string, string> = {}) => text(messages, path, params);
const HEADERS = { 'X-Requested-With': 'XMLHttpRequest', 'X-Tenant-ID': 'aurora' };

/** A console call as the signed-in member (the page's cookies). */
async function call<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await page.request.fetch(`${aurora}/backend${path}`, { method, headers: HEADERS, ...(body === undefined ? {} : { data: body }) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** Presses a control with the keyboard: focused, then Enter (a button) or Space (a check box). */
async function press(control: Locator, key: 'Enter' | 'Space' = 'Enter'): Promise<void> {
  await control.focus();
  await expect(control).toBeFocused();
  await control.page().keyboard.press(key);
}

/** Chooses the bar's action, confirms the count, and answers the finished dialog (its refused rows left to the caller). */
async function runAction(page: Page, messages: Messages, action: string, shot: string): Promise<Locator> {
  const bar = page.getByRole('region', { name: m(messages, 'bulk.barLabel'), exact: true });
  await bar.getByLabel(m(messages, 'bulk.action'), { exact: true }).selectOption(action);
  expect(await blockingAxe(page, `bulk bar ${shot}`)).toEqual([]);
  await screenshot(page, `admin-bulk-bar-${shot}`);
  await press(bar.getByRole('button', { name: m(messages, 'bulk.apply'), exact: true }));
  const dialog = page.getByRole('dialog', { name: m(messages, 'bulk.confirmTitle'), exact: true });
  await expect(dialog.locator('[data-bulk-confirm]')).toBeVisible();
  await press(dialog.getByRole('button', { name: new RegExp(m(messages, 'bulk.start', { rows: '.+' })) }));
  const result = dialog.locator('[data-bulk-result]');
  await expect(result).toBeVisible({ timeout: 60_000 });
  await evidence(page, `admin-bulk-result-${shot}`);
  return dialog;
}

async function close(dialog: Locator, messages: Messages): Promise<void> {
  await press(dialog.getByRole('button', { name: m(messages, 'bulk.close'), exact: true }).last());
  await expect(dialog).toBeHidden();
}

test('the owner retires two plans in one action, with the keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openConsolePage(page, { base: aurora, email: 'owner@example.com', tenant: 'aurora', navigation: m(en, 'shell.navigation'), link: m(en, 'nav.plans'), heading: m(en, 'plans.title') });
  // Two copies of a plan for the walk (the demo's plans stay on sale for the other walks).
  const copies: number[] = [];
  for (let i = 0; i < 2; i++) copies.push((await call<{ id: number }>(page, 'POST', '/admin/plans/101/duplicate')).id);
  await page.reload();
  for (const id of copies) {
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });
    await press(row.getByRole('checkbox'), 'Space');
    await expect(row.getByRole('checkbox')).toBeChecked();
  }
  const bar = page.getByRole('region', { name: m(en, 'bulk.barLabel'), exact: true });
  await expect(bar).toContainText(m(en, 'bulk.selected_other', { count: '2' }));
  const dialog = await runAction(page, en, 'retire', 'plans-desktop-en');
  await expect(dialog.locator('[data-bulk-result]')).toContainText(m(en, 'bulk.changed_other', { count: '2' }));
  await close(dialog, en);
  for (const id of copies) {
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });
    await expect(row).toContainText(m(en, 'plans.retired'));
  }
});

test('support ends the sessions of a customer found by a search, with the keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openConsolePage(page, { base: aurora, email: 'support@example.com', tenant: 'aurora', navigation: m(en, 'shell.navigation'), link: m(en, 'nav.customers'), heading: m(en, 'customers.title') });
  await page.getByLabel(m(en, 'customers.query')).fill('guest@example.com');
  await page.getByRole('button', { name: m(en, 'customers.find') }).click();
  const results = page.getByRole('table', { name: m(en, 'customers.results') });
  const row = results.getByRole('row').filter({ hasText: 'guest@example.com' }).first();
  await press(row.getByRole('checkbox'), 'Space');
  await expect(row.getByRole('checkbox')).toBeChecked();
  const bar = page.getByRole('region', { name: m(en, 'bulk.barLabel'), exact: true });
  await bar.getByLabel(m(en, 'bulk.action'), { exact: true }).selectOption('endSessions');
  await bar.getByLabel(m(en, 'customers.bulk.reason')).fill('e2e: bulk walk');
  const dialog = await runAction(page, en, 'endSessions', 'customers-desktop-en');
  await expect(dialog.locator('[data-bulk-result]')).toContainText(m(en, 'bulk.changed_one', { count: '1' }));
  await expect(dialog.locator('[data-failed]')).toHaveCount(0);
  await close(dialog, en);
});

interface Minted {
  batch: { id: string };
  codes: string[];
}

test("an editor voids a batch's open codes, all that match; then, in Arabic on a phone, ticked ones with a refused row", async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openConsolePage(page, { base: aurora, email: 'editor@example.com', tenant: 'aurora', navigation: m(en, 'shell.navigation'), link: m(en, 'nav.vouchers'), heading: m(en, 'vouchers.title') });
  const until = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
  const big = await call<Minted>(page, 'POST', '/admin/vouchers/batches', { typeId: 101, count: 60, validUntil: until, note: 'e2e bulk void' });
  await page.goto(`${aurora}/admin/vouchers/${big.batch.id}`);
  const codes = page.getByRole('table', { name: m(en, 'vouchers.batchCodesLabel') });
  await expect(codes.locator('tr[data-code]')).toHaveCount(50);
  await page.getByLabel(m(en, 'vouchers.codesShown'), { exact: true }).selectOption('open');
  await expect(page.getByRole('heading', { name: m(en, 'vouchers.codesTotal_other', { count: '60' }) })).toBeVisible();
  expect(await blockingAxe(page, 'codes list desktop en')).toEqual([]);
  await screenshot(page, 'admin-voucher-codes-desktop-en', true);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await blockingAxe(page, 'codes list phone en')).toEqual([]);
  await screenshot(page, 'admin-voucher-codes-mobile-en', true);
  await page.setViewportSize({ width: 1280, height: 900 });
  // The page ticked with the keyboard, then every open code of the batch.
  await press(codes.getByRole('checkbox', { name: m(en, 'bulk.selectPage'), exact: true }), 'Space');
  const bar = page.getByRole('region', { name: m(en, 'bulk.barLabel'), exact: true });
  await press(bar.getByRole('button', { name: m(en, 'bulk.selectAll_other', { count: '60' }), exact: true }));
  await expect(bar).toContainText(m(en, 'bulk.allSelected_other', { count: '60' }));
  const dialog = await runAction(page, en, 'void', 'vouchers-desktop-en');
  await expect(dialog.locator('[data-bulk-result]')).toContainText(m(en, 'bulk.changed_other', { count: '60' }));
  await close(dialog, en);
  await expect(page.getByRole('heading', { name: m(en, 'vouchers.codesTotal_other', { count: '0' }) }).or(page.getByText(m(en, 'vouchers.codesEmpty')))).toBeVisible();
  const voided = await call<{ total: number }>(page, 'GET', `/admin/vouchers/batches/${big.batch.id}/codes?state=voided&size=1`);
  expect(voided.total).toBe(60);

  // Arabic, right to left, on a phone: two of the three codes of a new batch ticked.
  const small = await call<Minted>(page, 'POST', '/admin/vouchers/batches', { typeId: 101, count: 3, validUntil: until, note: 'e2e bulk void ar' });
  const listed = await call<{ items: { id: string; hint: string }[] }>(page, 'GET', `/admin/vouchers/batches/${small.batch.id}/codes`);
  // One code voided one by one first: the bulk void refuses it as already voided.
  await call(page, 'POST', `/admin/vouchers/codes/${listed.items[0]!.id}/void`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${aurora}/admin/vouchers/${small.batch.id}`);
  await page.getByLabel('Language', { exact: true }).selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const arCodes = page.getByRole('table', { name: m(ar, 'vouchers.batchCodesLabel') });
  await expect(arCodes.locator('tr[data-code]')).toHaveCount(3);
  for (const item of listed.items.slice(0, 2)) await press(arCodes.getByRole('checkbox', { name: m(ar, 'vouchers.selectCode', { hint: item.hint }) }), 'Space');
  expect(await blockingAxe(page, 'codes list phone ar')).toEqual([]);
  await screenshot(page, 'admin-voucher-codes-mobile-ar', true);
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await blockingAxe(page, 'codes list desktop ar')).toEqual([]);
  await screenshot(page, 'admin-voucher-codes-desktop-ar', true);
  await page.setViewportSize({ width: 390, height: 844 });
  const arDialog = await runAction(page, ar, 'void', 'vouchers-mobile-ar');
  await expect(arDialog.locator('[data-failed]')).toHaveCount(1);
  await expect(arDialog.locator(`[data-failed="${listed.items[0]!.id}"]`)).toContainText(m(ar, 'bulk.rowCodes.VOUCHER_ALREADY_VOIDED'));
  await expect(arDialog.locator(`[data-failed="${listed.items[0]!.id}"]`)).toContainText(listed.items[0]!.hint);
  await close(arDialog, ar);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByLabel(m(ar, 'shell.language'), { exact: true }).selectOption('en');
});
