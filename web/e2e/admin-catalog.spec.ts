/**
 * The catalog in the console (issue 33 item 1): a content editor of aurora signs in (password and a
 * TOTP code computed here), filters the catalog to a track, changes its English title and sees the
 * storefront's track page and search show it, then puts the title back (specs share one portal).
 * The catalog page and the editor pass axe (no serious or critical violation) in English and Arabic
 * and are photographed on a desktop and a 390 px phone.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';
import { aurora, expect, screenshot, test } from './support';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
interface Messages { nav: Record<string, string>; catalog: Record<string, Record<string, string> & Record<string, unknown>> }
const en = JSON.parse(readFileSync(new URL('../src/locales/en/admin.json', import.meta.url), 'utf8')) as Messages;
const ar = JSON.parse(readFileSync(new URL('../src/locales/ar/admin.json', import.meta.url), 'utf8')) as Messages;
const consoleUrl = process.env.CONSOLE_URL ?? aurora;
const TRACK = 20002;

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, '')) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

function totp(secret: string, at = Date.now()): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', base32Decode(secret)).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 1_000_000).padStart(6, '0');
}

function demoSecret(email: string, tenant: string): string {
  const log = process.env.PORTAL_SERVER_LOG;
  if (!log) throw new Error('PORTAL_SERVER_LOG names the server output with the demo staff secrets (scripts/test-e2e)');
  for (const m of readFileSync(log, 'utf8').matchAll(/^ {2}(\S+@\S+) {2}(\S+) {2}(\S+) {2}([A-Z2-7]{32})$/gm))
    if (m[1] === email && m[3] === tenant) return m[4]!;
  throw new Error(`No demo secret for ${email} of ${tenant}`);
}

async function signInAsEditor(page: Page): Promise<void> {
  await page.goto(`${consoleUrl}/admin/catalog`);
  await expect(page).toHaveURL(/\/admin\/login\?lang=en/);
  const heading = page.getByRole('heading', { level: 1, name: en.catalog.title as unknown as string });
  for (let attempt = 0; attempt < 2; attempt++) {
    if (attempt > 0) await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
    await page.locator('input[name=email]').fill('editor@example.com');
    await page.locator('input[name=password]').fill('portal-demo');
    await page.locator('input[name=totp]').fill(totp(demoSecret('editor@example.com', 'aurora')));
    await page.locator('form button[type=submit]').click();
    await expect(heading.or(page.getByRole('alert')).first()).toBeVisible();
    if (await heading.isVisible()) break;
  }
  await expect(heading).toBeVisible();
}

async function blockingAxe(page: Page, where: string): Promise<string[]> {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() => (window as unknown as { axe: { run: (context: object, options: object) => Promise<AxeResults> } }).axe.run(document, { resultTypes: ['violations'] }));
  return results.violations
    .filter((v: Result) => v.impact === 'serious' || v.impact === 'critical')
    .map((v: Result) => `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const editorTitle = (page: Page) => page.locator('input[name="title-en"]');

async function setTitle(page: Page, title: string): Promise<void> {
  await editorTitle(page).fill(title);
  await page.getByRole('button', { name: en.catalog.editor!.save, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: en.catalog.editor!.saved! })).toBeVisible();
}

test('an editor changes a track title and the storefront shows it; the page reads in English and Arabic', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsEditor(page);

  // The filter bar is kept in the address: a shared view opens the same rows.
  await page.getByLabel(en.catalog.filter!.q!, { exact: true }).fill(String(TRACK));
  await page.getByRole('button', { name: en.catalog.apply as unknown as string }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/catalog\\?q=${TRACK}$`));
  const row = page.locator(`tr[data-article="${TRACK}"]`);
  await expect(row).toBeVisible();
  await row.getByRole('link').click();
  await expect(editorTitle(page)).toBeVisible();
  const was = await editorTitle(page).inputValue();
  // A word no other title has, so the search finds this track by it.
  const WORD = 'Xylophonia';
  const changed = `${was} ${WORD}`;

  try {
    await setTitle(page, changed);
    // The storefront's track page and its search show the new title (another tab, same portal).
    const shop = await page.context().newPage();
    await expect
      .poll(async () => {
        await shop.goto(`${aurora}/music/tracks/${TRACK}`);
        return shop.getByRole('heading', { level: 1 }).first().innerText();
      }, { timeout: 15_000 })
      .toContain(changed);
    await expect
      .poll(async () => {
        const res = await shop.request.get(`${aurora}/backend/search?q=${WORD}&omitCache=true`, { headers: { 'X-Tenant-ID': 'aurora' } });
        return JSON.stringify(await res.json());
      }, { timeout: 15_000 })
      .toContain(`"id":${TRACK}`);
    await shop.close();

    // Language tabs are keyboard reachable: the arrow key moves to the next language.
    await page.getByRole('tab', { name: 'English' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'العربية' })).toHaveAttribute('aria-selected', 'true');

    expect(await blockingAxe(page, 'editor en')).toEqual([]);
    await screenshot(page, 'admin-catalog-editor-desktop-en');
  } finally {
    // Specs share one portal: the title goes back.
    await page.reload();
    await editorTitle(page).fill(was);
    await page.getByRole('button', { name: en.catalog.editor!.save, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: en.catalog.editor!.saved! })).toBeVisible();
  }

  // The list in English and Arabic (RTL), desktop and phone.
  await page.goto(`${consoleUrl}/admin/catalog?type=full_track_music`);
  await expect(page.locator(`tr[data-article]`).first()).toBeVisible();
  expect(await blockingAxe(page, 'catalog en')).toEqual([]);
  await screenshot(page, 'admin-catalog-desktop-en');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'admin-catalog-mobile-en');
  await page.getByLabel('Language', { exact: true }).selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: ar.catalog.title as unknown as string })).toBeVisible();
  expect(await blockingAxe(page, 'catalog ar')).toEqual([]);
  await screenshot(page, 'admin-catalog-mobile-ar');
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, 'admin-catalog-desktop-ar');
  await page.goto(`${consoleUrl}/admin/catalog/${TRACK}`);
  await expect(editorTitle(page)).toBeVisible();
  expect(await blockingAxe(page, 'editor ar')).toEqual([]);
  await screenshot(page, 'admin-catalog-editor-desktop-ar');
});
