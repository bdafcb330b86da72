/**
 * Plans from the console (issue 33 item 4): the content editor of aurora signs in (password and a TOTP
 * code computed here), opens Music Basic, changes its line above the button and its price (renewals
 * from tomorrow), and the storefront's plan card shows both. The demo values are put back at the end
 * (the specs share one portal). The plans pages are photographed on a desktop and a 390 px phone in
 * English and Arabic, and pass axe (no serious or critical violation).
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';
import { aurora, expect, screenshot, test } from './support';

interface Messages {
  plans: Record<string, string | Record<string, string>>;
  nav: Record<string, string>;
  shell: Record<string, string>;
}
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const en = JSON.parse(readFileSync(new URL('../src/locales/en/admin.json', import.meta.url), 'utf8')) as Messages;
const ar = JSON.parse(readFileSync(new URL('../src/locales/ar/admin.json', import.meta.url), 'utf8')) as Messages;
const say = (messages: Messages, key: string) => messages.plans[key] as string;
const textLabel = (prefix: string) => (en.plans.text as Record<string, string>)[prefix]!;

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

/** RFC 6238: HMAC-SHA1 over the 30-second step, dynamically truncated to 6 digits. */
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

async function signIn(page: Page, email: string, tenant: string): Promise<void> {
  await page.goto(`${aurora}/admin/plans`);
  await expect(page).toHaveURL(/\/admin\/login\?lang=en/);
  const plans = page.getByRole('heading', { level: 1, name: say(en, 'title') });
  // A code signs in once: when another spec signed this account in within this 30-second step, wait for the next.
  for (let attempt = 0; attempt < 2; attempt++) {
    if (attempt > 0) await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
    await page.locator('input[name=email]').fill(email);
    await page.locator('input[name=password]').fill('portal-demo');
    await page.locator('input[name=totp]').fill(totp(demoSecret(email, tenant)));
    await page.locator('form button[type=submit]').click();
    await expect(plans.or(page.getByRole('alert')).first()).toBeVisible();
    if (await plans.isVisible()) break;
  }
  await expect(plans).toBeVisible();
}

async function blockingAxe(page: Page, where: string): Promise<string[]> {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: object, options: object) => Promise<AxeResults> } }).axe.run(document, { resultTypes: ['violations'] }),
  );
  return results.violations
    .filter((v: Result) => v.impact === 'serious' || v.impact === 'critical')
    .map((v: Result) => `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** "YYYY-MM-DDTHH:mm" of tomorrow, local time, for a datetime-local field. */
function tomorrow(): string {
  const d = new Date(Date.now() + 24 * 3600 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

async function changePrice(page: Page, amount: string): Promise<void> {
  await page.getByLabel(`New price (EUR)`).fill(amount);
  await page.getByLabel(say(en, 'effectiveFrom')).fill(tomorrow());
  await page.getByRole('button', { name: say(en, 'applyPrice'), exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Price changed' })).toBeVisible();
}

async function setAboveCta(page: Page, value: string): Promise<void> {
  await page.getByRole('tab', { name: 'English' }).click();
  await page.getByLabel(textLabel('DISPLAY_SERVICE_ABOVE_CTA'), { exact: true }).fill(value);
  await page.getByRole('button', { name: say(en, 'save'), exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved (version' })).toBeVisible();
}

test('an editor changes a plan price and a display text; the storefront plan card shows both', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'editor@example.com', 'aurora');
  // An editor sees the plans page only.
  await expect(page.getByRole('navigation', { name: en.shell.navigation }).getByRole('link')).toHaveText([en.nav.plans!]);
  const row = page.locator('tr[data-plan-id="101"]');
  await expect(row).toBeVisible();
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/plans\/101$/);

  const line = `Cancel any time · e2e ${Date.now()}`;
  await setAboveCta(page, line);
  await changePrice(page, '5.49');

  // The storefront: the line above the button and the new regular price (Music Basic is on promotion: it is the struck price).
  await page.goto(`${aurora}/subscription`);
  const card = page.locator('[data-testid=plan-card][data-plan-id="101"]');
  await expect(card.getByTestId('plan-above-cta')).toHaveText(line);
  await expect(card.getByTestId('plan-price')).toContainText('5.49');

  // Put the demo values back.
  await page.goto(`${aurora}/admin/plans/101`);
  await setAboveCta(page, '');
  await changePrice(page, '4.99');
  await page.goto(`${aurora}/subscription`);
  await expect(card.getByTestId('plan-above-cta')).toHaveCount(0);
  await expect(card.getByTestId('plan-price')).toContainText('4.99');
});

test('the plans pages in English and Arabic, on a desktop and a phone, pass axe', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'editor@example.com', 'aurora');
  const problems: string[] = [];
  for (const [lang, messages] of [['en', en], ['ar', ar]] as const) {
    await page.goto(`${aurora}/admin/plans`);
    if (lang === 'ar') {
      await page.locator('header select').last().selectOption('ar');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    }
    await expect(page.getByRole('heading', { level: 1, name: say(messages, 'title') })).toBeVisible();
    for (const [name, path] of [['plans', '/admin/plans'], ['plan', '/admin/plans/101']] as const) {
      await page.goto(`${aurora}${path}`);
      await expect(page.locator('main h1')).toBeVisible();
      await page.setViewportSize({ width: 1280, height: 900 });
      problems.push(...(await blockingAxe(page, `${name} ${lang}`)));
      await screenshot(page, `console-${name}-${lang}-desktop`, true);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, `console-${name}-${lang}-phone`, true);
    }
  }
  expect(problems).toEqual([]);
});
