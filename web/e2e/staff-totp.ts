/** The demo staff's two-factor codes for the console walks: their secrets from the seed's output, RFC 6238 codes. */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect } from './support';

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
export function totp(secret: string, at = Date.now()): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', base32Decode(secret)).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** The demo seed's line "  owner@example.com  owner  aurora  SECRET" for this account. */
export function demoSecret(email: string, tenant: string): string {
  const log = process.env.PORTAL_SERVER_LOG;
  if (!log) throw new Error('PORTAL_SERVER_LOG names the server output with the demo staff secrets (scripts/test-e2e)');
  for (const m of readFileSync(log, 'utf8').matchAll(/^ {2}(\S+@\S+) {2}(\S+) {2}(\S+) {2}([A-Z2-7]{32})$/gm))
    if (m[1] === email && m[3] === tenant) return m[4]!;
  throw new Error(`No demo secret for ${email} of ${tenant}`);
}

/**
 * Signs a demo staff member in on the console's hosted page and opens one page from the navigation
 * (the sign-in lands on the role's first page, whichever that is today). A code signs in once: another
 * walk may have used this step's code for the same account, so a refusal waits for the next step.
 */
export async function openConsolePage(
  page: Page,
  options: { base: string; email: string; tenant: string; navigation: string; link: string; heading: string },
): Promise<void> {
  await page.goto(`${options.base}/admin/`);
  await expect(page).toHaveURL(/\/admin\/login\?lang=en/);
  const nav = page.getByRole('navigation', { name: options.navigation });
  for (let attempt = 0; attempt < 2; attempt++) {
    if (attempt > 0) await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
    await page.locator('input[name=email]').fill(options.email);
    await page.locator('input[name=password]').fill('portal-demo');
    await page.locator('input[name=totp]').fill(totp(demoSecret(options.email, options.tenant)));
    await page.locator('form button[type=submit]').click();
    await expect(nav.or(page.getByRole('alert')).first()).toBeVisible();
    if (await nav.isVisible()) break;
  }
  await nav.getByRole('link', { name: options.link, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: options.heading })).toBeVisible();
}
