/** What the console's walks share: signing a demo staff member in and opening a page, and the axe check. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Cookie, Locator, Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';
import { codeForAttempt, demoSecret } from './staff-totp';
import { expect, networkQuiet } from './support';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The staff sessions this worker has signed in, by console and e-mail: the walks that sign in only to reach a page
 * share one, as a person keeps their session from one task to the next (the hosted sign-in is still walked: by the
 * first walk of each account in each worker, and by admin-console's, whose subject it is). Only the cookies
 * the sign-in set are kept (`portal_staff`, `portal_staff_device`).
 */
const sessions = new Map<string, Cookie[]>();

/**
 * Opens one page from the console's navigation as a demo staff member: with the session this worker keeps for the
 * account when the console still takes it, else signed in on the hosted page (the sign-in lands on the role's first
 * page, whichever that is today; signInOnConsole).
 */
export async function openConsolePage(
  page: Page,
  options: { base: string; email: string; tenant: string; navigation: string; link: string; heading: string },
): Promise<void> {
  const key = `${options.base} ${options.email}`;
  const kept = sessions.get(key);
  if (kept) await page.context().addCookies(kept);
  await page.goto(`${options.base}/admin/`);
  const nav = page.getByRole('navigation', { name: options.navigation });
  const email = page.locator('input[name=email]');
  await expect(nav.or(email).first()).toBeVisible();
  if (!(await nav.isVisible())) {
    await expect(page).toHaveURL(/\/admin\/login\?lang=en/);
    await signInOnConsole(page, options.email, options.tenant, nav);
    sessions.set(key, (await page.context().cookies()).filter((cookie) => cookie.name.startsWith('portal_staff')));
  }
  await (await navLink(nav, options.link)).click();
  await expect(page.getByRole('heading', { level: 1, name: options.heading })).toBeVisible();
}

/** A page's link in the console's navigation; on a phone the navigation is folded into a menu button, opened first. */
export async function navLink(nav: Locator, name: string): Promise<Locator> {
  const toggle = nav.locator('button[aria-expanded]');
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  return nav.getByRole('link', { name, exact: true });
}

/**
 * Signs a demo staff member in on the console's hosted sign-in page, which is open, until `landed` shows. A code signs
 * in once (the server refuses a replayed step): when another walk signed this account in within the same 30-second
 * step, the next step's code is tried (codeForAttempt).
 */
export async function signInOnConsole(page: Page, email: string, tenant: string, landed: Locator): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.locator('input[name=email]').fill(email);
    await page.locator('input[name=password]').fill('portal-demo');
    await page.locator('input[name=totp]').fill(await codeForAttempt(page, demoSecret(email, tenant), attempt));
    await page.locator('form button[type=submit]').click();
    await expect(landed.or(page.getByRole('alert')).first()).toBeVisible();
    if (await landed.isVisible()) break;
  }
  await expect(landed).toBeVisible();
}

/**
 * axe-core's serious and critical violations on the page as it is, one line each ("where: rule (impact) help:
 * targets"); `exclude` leaves parts out (a preview of the tenant's own colours).
 */
export async function blockingAxe(page: Page, where: string, exclude: string[] = []): Promise<string[]> {
  await networkQuiet(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (excluded) =>
      (window as unknown as { axe: { run: (context: object, options: object) => Promise<AxeResults> } }).axe.run(
        excluded.length ? { exclude: excluded.map((selector) => [selector]) } : document,
        { resultTypes: ['violations'] },
      ),
    exclude,
  );
  return results.violations
    .filter((v: Result) => v.impact === 'serious' || v.impact === 'critical')
    .map((v: Result) => `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
